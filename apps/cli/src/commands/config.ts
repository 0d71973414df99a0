import {
  formatSettingsReport,
  reportSettings,
  type EffectiveSettings,
  type SettingReport,
} from '@forage/config';

/** Settings of the running stack that differ from what `forage up` would use now. */
function differences(now: readonly SettingReport[], running: readonly SettingReport[]): SettingReport[] {
  return running.filter((r) => {
    const current = now.find((n) => n.key === r.key);
    return current !== undefined && JSON.stringify(current.value) !== JSON.stringify(r.value);
  });
}

/**
 * `forage config [--json]`: each effective setting, where it came from, secrets masked; when a
 * stack is running with other values (flags given to its `forage up`), those are listed too.
 */
export function showConfig(input: {
  effective: EffectiveSettings;
  dataDir: string;
  json: boolean;
  /** What the running stack was started with, if one runs. */
  running?: readonly SettingReport[];
  write: (text: string) => void;
}): number {
  const rows = reportSettings(input.effective);
  const changed = input.running ? differences(rows, input.running) : [];
  if (input.json) {
    input.write(
      JSON.stringify(
        {
          dataDir: input.dataDir,
          file: input.effective.file ?? null,
          settings: rows,
          running: input.running ?? null,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  input.write(formatSettingsReport(rows));
  if (changed.length > 0) {
    input.write('\nThe running stack was started with:');
    input.write(formatSettingsReport(changed));
  }
  input.write(
    `\nfile: ${input.effective.file ?? `${input.dataDir}/forage.config.json (not created yet; \`forage up\` creates it)`}`,
  );
  return 0;
}
