/**
 * The API report of every public entry: API Extractor (which brings its own TypeScript 5.x; ours, 7, has no JS API)
 * reads the built `dist/*.d.ts` of each entry in `package.json` `exports` and writes what it exports, signature by
 * signature, to `test/api-report/<entry>.api.md`.
 *
 *   npm run api-report          builds, then rewrites the reports (commit them with the change to the API)
 *   npm run api-report:check    on a fresh dist/ (CI, after the build): fails when an entry's API differs from its
 *                               committed report, i.e. the public API changed and the report was not updated
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from '@microsoft/api-extractor';

const root = fileURLToPath(new URL('../../', import.meta.url));
const reportFolder = join(root, 'test', 'api-report');
const tempFolder = join(root, '.tmp-api-report');
const local = process.argv.includes('--local');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** `.` → `catalogue-sync`, `./testing/node` → `catalogue-sync-testing-node`. */
function reportName(subpath: string): string {
  return ['catalogue-sync', ...subpath.split('/').filter((part) => part !== '.')].join('-');
}

const entries = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'string' ? [] : [{ subpath, types: join(root, target.types) }],
);

mkdirSync(tempFolder, { recursive: true });
let failed = 0;
for (const { subpath, types } of entries) {
  if (!existsSync(types)) throw new Error(`${types} is missing: run \`npm run build\` first`);
  const configObject: IConfigFile = {
    projectFolder: root,
    mainEntryPointFilePath: types,
    compiler: {
      // API Extractor's own TypeScript reads dist/ only; the .d.ts are checked by our tsc when they are built.
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: subpath.startsWith('./sw') ? ['ES2023', 'WebWorker'] : ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          strict: true,
          skipLibCheck: true,
        },
        files: [types],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: reportName(subpath),
      reportFolder,
      reportTempFolder: tempFolder,
      includeForgottenExports: false,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      // What a report shows, it records (an export's type that is not itself exported, for instance): a change to it
      // is a change of the report, not a warning.
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
      },
      // Doc comments are prose with Markdown, not TSDoc.
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: join(reportFolder, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: local, showVerboseMessages: false });
  const status = result.succeeded
    ? result.apiReportChanged
      ? 'updated'
      : 'unchanged'
    : `FAILED (${result.errorCount} errors, ${result.warningCount} warnings)`;
  process.stdout.write(`api-report ${subpath}: ${status}\n`);
  if (!result.succeeded) failed += 1;
}
if (failed > 0) {
  process.stderr.write(
    local
      ? 'api-report: fix the messages above\n'
      : 'api-report: the public API differs from test/api-report/*.api.md: run `npm run api-report` and commit the reports\n',
  );
  process.exitCode = 1;
}
