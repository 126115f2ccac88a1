// Child process for the lock test: opens a warehouse, says "ready", and holds it until killed.
import { openWarehouse } from '../../src/warehouse/open.ts';

const path = process.argv[2] ?? '';
const warehouse = await openWarehouse(path);
process.stdout.write('ready\n');
setInterval(() => warehouse.connection, 1000);
