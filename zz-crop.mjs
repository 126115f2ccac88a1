import { chromium } from 'playwright-core';
const [file, x, y, w, h, out] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 1400, height: 1000 } });
await p.setContent(`<body style="margin:0"><img src="data:image/png;base64,${(await import('node:fs')).readFileSync(file).toString('base64')}"></body>`);
await p.screenshot({ path: out, clip: { x: +x, y: +y, width: +w, height: +h }, fullPage: true });
await b.close();
