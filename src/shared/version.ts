// recon's version: what `recon --version` prints, and part of the key a stored reading of an export is
// valid under (src/imports/fingerprint-store.ts). Raised with each release.
export const RECON_VERSION = '0.1.0';
