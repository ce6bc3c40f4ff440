/** Paths open without a token, exactly as the spec lists them. */
export const WHITELIST: readonly string[] = [
  '/home',
  '/login',
  '/auth-redirect',
  '/papercheck/check',
  '/aipaper/gc',
  '/aippt/ppt',
  '/aiaigc/jc',
  '/aimachine/machine',
  '/airs/rs',
  '/dashboard',
  '/papercheck',
  '/papergc/gc',
  '/papermachinesubmit/papermachine',
  '/aigcdown/machine',
  '/paper/check',
  '/paper/report',
  '/paperwirte/gc',
  '/paperwirte/report',
  '/papermachine/papermachine',
  '/papermachine/list',
  '/machine/machine',
  '/machine/list',
];

export function isWhitelisted(pathname: string): boolean {
  return WHITELIST.includes(pathname);
}
