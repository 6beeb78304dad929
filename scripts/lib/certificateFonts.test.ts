import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fontFiles } from '../../supabase/functions/_shared/certificate-pdf/fonts.ts';
import { certificateFontFiles } from './certificateFonts';

describe('the typeface the certificate PDF embeds', () => {
  it('is the installed @fontsource/source-sans-3, byte for byte (npm run fonts:certificate)', async () => {
    const embedded = fontFiles();
    for (const { weight, part, file } of certificateFontFiles) {
      const installed = new Uint8Array(await readFile(file));
      expect(embedded[weight][part], `${weight} ${part}`).toEqual(installed);
    }
  });
});
