/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability. Written by the build, so
 * its Expires field (required, and best under a year ahead) moves forward with every release and
 * its addresses follow the site config.
 */

/** How long a build's file stays valid: a release every few months keeps it current. */
const validDays = 180;

export function securityTxt(options: {
  securityEmail: string;
  siteUrl: string;
  /** The build's moment. */
  now: Date;
}): string {
  const expires = new Date(options.now.getTime() + validDays * 24 * 60 * 60 * 1000);
  const at = (path: string) => new URL(path, options.siteUrl).href;
  return [
    `Contact: mailto:${options.securityEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${at('/.well-known/security.txt')}`,
    `Policy: ${at('/trust#vulnerability-disclosure')}`,
    '',
  ].join('\n');
}
