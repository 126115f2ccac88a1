// The warehouse's schema versions: one SQL file each in ./migrations, named NNNN-slug.sql, whose first
// line is `-- <name>` (the text recorded in schema_migrations). A released file is never edited: a change
// is a new file (test/warehouse/migrations-frozen.test.ts checksums the released ones). Column names
// follow the service's fields; money is integer cents (BIGINT); instants are TIMESTAMPTZ.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../shared/project-root.ts';

export interface Migration {
  version: number;
  name: string;
  /** The file's name inside the migrations folder. */
  file: string;
  sql: string;
}

export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'src', 'warehouse', 'migrations');

const FILE_NAME = /^(\d{4})-[a-z0-9-]+\.sql$/;

/** Reads every migration file, in version order; a gap, a duplicate or a file without its name line throws. */
function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`migration file ${file}: expected a name such as 0011-what-it-does.sql`);
      const sql = readFileSync(join(dir, file), 'utf8');
      const name = /^-- (.+)\n/.exec(sql)?.[1];
      if (name === undefined) throw new Error(`migration file ${file}: expected a first line "-- <what it does>"`);
      return { version: Number(match[1]), name, file, sql };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, i) => {
    if (migration.version !== i + 1) throw new Error(`migration file ${migration.file}: expected version ${i + 1} (versions run 1, 2, 3, ... without gaps)`);
  });
  return migrations;
}

export const MIGRATIONS: readonly Migration[] = Object.freeze(readMigrations());
