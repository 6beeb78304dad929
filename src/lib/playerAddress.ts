import { moduleSlugs, modules } from '@/content/modules';
import { env } from '@/lib/env';

/** Names the player host also answers to, beside the catalogue's own slugs (SPEC.md section 3). */
const aliases: Record<string, string> = {
  "women's-health": 'wom',
  'health-equity': 'heq',
  'group-clinics-menopause': 'men',
  'group-clinics-diabetes': 'dia',
};

/** Rural Minds' shorter, farmer-facing cut. */
export const ruralMindsCutCode = 'fmh_cut';

const codes = new Map<string, string>(
  [
    ...moduleSlugs.map((slug) => [slug, modules[slug].playerCode] as const),
    ...Object.entries(aliases),
  ]
    // Every name also without its hyphens: "womenshealth", "groupclinicsdiabetes" ...
    .flatMap(([name, code]) => [
      [name, code],
      [name.replaceAll('-', ''), code],
    ]),
);

/**
 * The player code for a module slug. An unknown slug is lowercased, stripped of everything but
 * letters, digits and hyphens, and used as the code itself.
 */
export function playerCode(slug: string): string {
  const name = slug.toLowerCase();
  return codes.get(name) ?? name.replace(/[^a-z0-9-]/g, '');
}

/** Where a player code plays: `<player host>/<code>/` (DESIGN.md, "360 player host"). */
export function playerAddressForCode(code: string, baseUrl: string = env.playerBaseUrl): string {
  return `${baseUrl.replace(/\/+$/, '')}/${code}/`;
}

/** The 360 player address of a module, by slug (aliases and unknown slugs as playerCode). */
export function playerAddress(slug: string, baseUrl: string = env.playerBaseUrl): string {
  return playerAddressForCode(playerCode(slug), baseUrl);
}
