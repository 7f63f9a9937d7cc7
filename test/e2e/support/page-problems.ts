/**
 * What a browser test must not see: console errors (the page's and its service worker's, the browser's own
 * "Failed to load…" lines included), uncaught exceptions and rejections, and Content-Security-Policy violations.
 * A page's violations are caught by a listener added before any of its scripts runs, so one the page swallows
 * (zod probing `new Function` inside a try) is still seen. A service worker runs no init script: its violations,
 * console errors and uncaught exceptions are read over the DevTools protocol instead, where Chromium keeps them
 * from the worker's first line even when the test attaches later.
 */
import type { BrowserContext, CDPSession } from 'playwright-core';

export interface PageProblems {
  /**
   * What happened since the last call, oldest first, less the lines an `expected` pattern matches (a test that
   * cuts the network expects some loads to fail); the list starts empty again. A CSP violation is never expected.
   */
  take(expected?: readonly RegExp[]): string[];
}

const BINDING = '__reportCspViolation';
const CSP = 'CSP violation';

/** The parts of the DevTools messages a worker sends that are read here. */
interface WorkerMessage {
  method?: string;
  params?: {
    issue?: { code: string; details: { contentSecurityPolicyIssueDetails?: WorkerCspIssue } };
    entry?: { level: string; text: string; url?: string };
    exceptionDetails?: { text: string; exception?: { description?: string } };
  };
}
interface WorkerCspIssue {
  violatedDirective: string;
  contentSecurityPolicyViolationType: string;
  blockedURL?: string;
  sourceCodeLocation?: { url: string; lineNumber: number };
}

/** Every service worker of the browser, now or later: its CSP issues, error log entries and uncaught errors. */
async function watchServiceWorkers(cdp: CDPSession, report: (line: string) => void): Promise<void> {
  let id = 0;
  // The flat protocol would need a session id on each command, which Playwright's CDPSession cannot send: the
  // nested one wraps the worker's messages instead.
  cdp.on('Target.targetCreated', async ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    const attached = await cdp.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false });
    for (const method of ['Audits.enable', 'Log.enable', 'Runtime.enable']) {
      const message = JSON.stringify({ id: ++id, method });
      await cdp.send('Target.sendMessageToTarget', { sessionId: attached.sessionId, message }).catch(() => {});
    }
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const { method, params } = JSON.parse(message) as WorkerMessage;
    const csp = params?.issue?.details.contentSecurityPolicyIssueDetails;
    if (method === 'Audits.issueAdded' && csp) {
      const where = csp.sourceCodeLocation;
      report(
        `${CSP} in the service worker: ${csp.violatedDirective} (${csp.contentSecurityPolicyViolationType}) ` +
          `refused ${csp.blockedURL ?? '(eval or inline)'} at ${where?.url}:${where?.lineNumber}`,
      );
    } else if (method === 'Log.entryAdded' && params?.entry?.level === 'error') {
      report(`service worker error: ${params.entry.text} (${params.entry.url ?? ''})`);
    } else if (method === 'Runtime.exceptionThrown' && params?.exceptionDetails) {
      const { text, exception } = params.exceptionDetails;
      report(`service worker uncaught: ${exception?.description ?? text}`);
    }
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
}

/** Watches `context` (every page, now or later, and its service workers) from now on. */
export async function watchPageProblems(context: BrowserContext): Promise<PageProblems> {
  let problems: string[] = [];
  const report = (line: string) => {
    problems.push(line);
  };
  await context.exposeBinding(BINDING, (_source, line: string) => report(line));
  await context.addInitScript(
    ({ binding, prefix }: { binding: string; prefix: string }) => {
      // A binding, not the console: the report must not depend on what a console filter lets through.
      const send = (globalThis as unknown as Record<string, (line: string) => void>)[binding];
      addEventListener(
        'securitypolicyviolation',
        (event) => {
          send?.(
            `${prefix}: ${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} ` +
              `at ${event.sourceFile}:${event.lineNumber}`,
          );
        },
        { capture: true },
      );
    },
    { binding: BINDING, prefix: CSP },
  );
  // The context's console has the pages' messages and the service workers' `console.*` calls.
  context.on('console', (message) => {
    if (message.type() === 'error') report(`console error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => report(`uncaught: ${error.error().message}`));
  const browser = context.browser();
  if (!browser) throw new Error('watchPageProblems needs a Chromium browser to read its service workers');
  await watchServiceWorkers(await browser.newBrowserCDPSession(), report);
  return {
    take(expected = []) {
      const taken = problems;
      problems = [];
      return taken.filter((line) => line.startsWith(CSP) || !expected.some((pattern) => pattern.test(line)));
    },
  };
}
