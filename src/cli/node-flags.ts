// The flags Node runs recon with (bin/recon.js's shebang, `npm start`, the README's cron and systemd
// lines, the busy-merchant bench). V8 sizes its young generation when the process starts, never after,
// so these cannot be set from inside: a night that fetched a 200,000-sale day in 1,000-row pages and
// wrote its workbooks peaked at 580-595 MB RSS with Node's default semi-spaces (16 MB) and at 436-443 MB
// with 1-2 MB ones, in the same time within the machine's noise; young objects (a page's rows, a row's
// cells) are collected sooner, and the buffers they hold with them. A test holds every place equal.
export const NODE_FLAGS = ['--max-semi-space-size=2'] as const;
