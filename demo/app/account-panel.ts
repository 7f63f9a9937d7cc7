/**
 * Who is signed in, with Sign out and Switch user. The library refuses a sign-out while the user's changes wait in
 * the outbox (`PendingMutationsError`): the panel says how many would be lost and lets the user wait for them to be
 * sent, discard them, or stay signed in. Shown on Settings and on My list.
 */
import { isPendingMutationsError } from '../../src/index.js';
import type { DemoContext } from './context.js';
import { demoUserOf, SignInNeedsConnectionError, signInDemoUser } from './demo-user.js';
import { h, replace } from './dom.js';
import { currentSettings } from './service-settings.js';

type Intent = 'sign-out' | 'switch';

export interface AccountPanelOptions {
  /** Hides the panel while nobody is signed in (My list shows its own sign-in prompt then). */
  readonly hideSignedOut?: boolean;
}

export function accountPanel(
  ctx: DemoContext,
  options: AccountPanelOptions = {},
): { element: HTMLElement; dispose(): void } {
  const { catalogue } = ctx;
  const body = h('div', { class: 'account-panel-body' });
  const message = h('p', { class: 'account-message', role: 'status' });
  const heading = h('h2', { id: 'account-heading', tabindex: -1 }, 'Account');
  const element = h(
    'section',
    { class: 'panel account-panel', 'aria-labelledby': 'account-heading' },
    heading,
    body,
    message,
  );
  let stopWaiting: (() => void) | undefined;
  let busy = false;

  const button = (id: string, label: string, onClick: () => void) => {
    const b = h('button', { class: 'button', type: 'button', id }, label);
    b.addEventListener('click', () => {
      // Not `disabled`, which would drop the focus: a second press during the first does nothing.
      if (busy) return;
      onClick();
    });
    return b;
  };

  // Where the focus goes when the control that had it is replaced: the panel's first control, else its heading.
  const focusFirstButton = () => (body.querySelector<HTMLElement>('button, a[href]') ?? heading).focus();

  const finish = async (intent: Intent, force: boolean) => {
    busy = true;
    replace(message, intent === 'switch' ? 'Switching user…' : 'Signing out…');
    try {
      await catalogue.signOut(force ? { force: true } : undefined);
      if (intent === 'switch') {
        await signInDemoUser(catalogue);
        replace(message, 'Signed in as a new demo user.');
      } else {
        replace(message, 'Signed out. Your data on this device was deleted.');
      }
    } catch (error) {
      if (isPendingMutationsError(error)) {
        replace(message);
        askAboutPending(intent, error.count);
        return;
      }
      replace(
        message,
        error instanceof SignInNeedsConnectionError
          ? 'Signed out. Signing in as a new user needs a connection: try again when you’re online.'
          : 'Couldn’t finish. Try again in a moment.',
      );
    } finally {
      busy = false;
    }
    draw();
    focusFirstButton();
  };

  /** The user's changes have not been sent: losing them is their choice, never the page's. */
  const askAboutPending = (intent: Intent, count: number) => {
    const changes = count === 1 ? '1 change' : `${count} changes`;
    const action = intent === 'switch' ? 'switch user' : 'sign out';
    const wait = button('sign-out-wait', `Wait until they are sent, then ${action}`, () => waitThen(intent));
    replace(
      body,
      h(
        'div',
        { class: 'state error', role: 'alert', id: 'pending-warning' },
        h('strong', {}, `${changes} not sent yet`),
        h(
          'p',
          {},
          `Signing out now would lose ${count === 1 ? 'it' : 'them'}: ${count === 1 ? 'it is' : 'they are'} listed under Pending changes.`,
        ),
      ),
      h(
        'div',
        { class: 'button-row' },
        wait,
        button('sign-out-discard', `Discard ${count === 1 ? 'it' : 'them'} and ${action}`, () => {
          void finish(intent, true);
        }),
        button('sign-out-cancel', 'Stay signed in', () => {
          draw();
          focusFirstButton();
        }),
      ),
    );
    wait.focus();
  };

  /** Sends what waits (when online) and signs out once the outbox is empty; offline, it waits for the network. */
  const waitThen = (intent: Intent) => {
    const cancel = button('sign-out-cancel', 'Cancel', () => {
      stopWaiting?.();
      draw();
      focusFirstButton();
    });
    const status = h('p', { 'aria-live': 'polite' });
    replace(body, status, h('div', { class: 'button-row' }, cancel));
    cancel.focus();
    const check = () => {
      const { pending, status: outboxStatus } = catalogue.outbox.getSnapshot();
      if (outboxStatus === 'loading') return;
      if (pending === 0) {
        stopWaiting?.();
        void finish(intent, false);
        return;
      }
      const changes = pending === 1 ? '1 change' : `${pending} changes`;
      replace(
        status,
        ctx.online()
          ? `Sending ${changes}…`
          : `${changes} will be sent when this device is back online; you’ll be signed out then.`,
      );
    };
    const unsubscribe = catalogue.outbox.subscribe(check);
    const onOnline = () => {
      check();
      void catalogue.outbox.drain();
    };
    window.addEventListener('online', onOnline);
    stopWaiting = () => {
      unsubscribe();
      window.removeEventListener('online', onOnline);
      stopWaiting = undefined;
    };
    check();
    // check() may have signed out already (nothing was left to send): then there is nothing to drain.
    if (body.contains(status) && ctx.online()) void catalogue.outbox.drain();
  };

  const draw = () => {
    element.hidden = false;
    if (!currentSettings().isFake) {
      replace(body, h('p', {}, 'The demo user lives on the embedded fake service.'));
      return;
    }
    const { status } = catalogue.user.getSnapshot();
    if (status === 'restoring') {
      replace(body, h('p', { 'aria-busy': 'true' }, 'Restoring your session…'));
      return;
    }
    const user = demoUserOf(catalogue);
    if (!user) {
      element.hidden = options.hideSignedOut === true && message.textContent === '';
      replace(
        body,
        h('p', {}, 'Not signed in. ', h('a', { href: '#/list' }, 'Sign in as the demo user'), ' under My list.'),
      );
      return;
    }
    replace(
      body,
      h('p', {}, `Signed in as the demo user (account ${user.account_id}).`),
      h(
        'div',
        { class: 'button-row' },
        button('sign-out', 'Sign out', () => {
          void finish('sign-out', false);
        }),
        button('switch-user', 'Switch user', () => {
          void finish('switch', false);
        }),
      ),
    );
  };

  // Signed in or out here, in another tab or by the worker: the panel follows the library's user, unless the user
  // is answering the pending-changes question.
  const stopUser = catalogue.user.subscribe(() => {
    if (busy || stopWaiting || body.querySelector('#pending-warning')) return;
    replace(message);
    draw();
  });
  draw();
  return {
    element,
    dispose() {
      stopUser();
      stopWaiting?.();
    },
  };
}
