import { formatSettingsReport, reportSettings, type EffectiveSettings } from '@forage/config';

/** `forage config [--json]`: each effective setting, where it came from, secrets masked. */
export function showConfig(input: {
  effective: EffectiveSettings;
  dataDir: string;
  json: boolean;
  write: (text: string) => void;
}): number {
  const rows = reportSettings(input.effective);
  if (input.json) {
    input.write(
      JSON.stringify({ dataDir: input.dataDir, file: input.effective.file ?? null, settings: rows }, null, 2),
    );
    return 0;
  }
  input.write(formatSettingsReport(rows));
  input.write(
    `\nfile: ${input.effective.file ?? `${input.dataDir}/forage.config.json (not created yet; \`forage up\` creates it)`}`,
  );
  return 0;
}
