import { useId, useState } from 'react';
import type { ChangeEventHandler, MouseEvent, ReactNode, Ref } from 'react';
import { FieldOutline } from '../../../components/field-outline';
import { ProductMarkArt } from '../../../components/product-mark-art';
import { paths } from '../../../config/paths';
import { signInTarget, signInText, useSignInForm } from '../sign-in-form';
import type { SendLogin } from '../sign-in-form';
import './light-sign-in.css';
import './light-field.css';

/*
 * The sign-in screen of a first visit, drawn with plain React and a few small style sheets instead of MUI,
 * emotion, the router and the store: it is what a signed-out founder downloads before anything else
 * (bench/first-load-js.mjs). It looks like the app's sign-in screen (./sign-in-page.tsx in the auth layout,
 * MUI's theme in app/theme.ts) and shares its words and behaviour (../sign-in-form). The full app is loaded only
 * to sign in or to follow a link.
 */

export type LightSignInProps = {
  /** Sends the login through the full app (app/start-light-sign-in.tsx); the failure's message, or null. */
  sendLogin: SendLogin;
  /** Hands the page to the full app at `path`: in place of this entry after signing in, as a new one for a link. */
  enterApp: (path: string, entry: 'replace' | 'push') => void;
  /** The navigation state this page was opened with (the page the guard sent the founder away from). */
  navigationState?: unknown;
};

export function LightSignInPage({ sendLogin, enterApp, navigationState }: LightSignInProps) {
  const { fields, errors, busy, failure, sessionEnded, recheck, formProps } = useSignInForm({
    sendLogin,
    target: signInTarget(navigationState),
    onSignedIn: (target) => enterApp(target, 'replace'),
  });
  // A plain click follows the link inside the page; one that asks for a new tab or window is left to the browser.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    enterApp(event.currentTarget.pathname, 'push');
  };

  return (
    <main id="main" className="light-auth">
      <div className="light-auth__mark">
        <span>
          <ProductMarkArt size={44} />
          <span className="light-auth__name">Liftoff</span>
        </span>
      </div>
      <div className="light-auth__card">
        <h1 className="light-auth__title">{signInText.title}</h1>
        <p className="light-auth__intro">{signInText.intro}</p>
        <form className="light-auth__form" {...formProps}>
          {failure ? (
            // The login call is silent: its message appears once, next to the form it is about.
            <Notice kind="error">{failure}</Notice>
          ) : sessionEnded ? (
            <Notice kind="info">{signInText.sessionEnded}</Notice>
          ) : null}
          <Field
            label={signInText.email}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            inputRef={fields.email}
            onChange={recheck('email')}
            error={errors.email}
          />
          <div>
            <PasswordField
              inputRef={fields.password}
              onChange={recheck('password')}
              error={errors.password}
            />
            <p className="light-auth__aside">
              <a className="light-auth__link" href={paths.forgotPassword} onClick={follow}>
                {signInText.forgotPassword}
              </a>
            </p>
          </div>
          <button type="submit" className="light-auth__submit" disabled={busy} aria-busy={busy}>
            <span className="light-auth__submit-label">{signInText.submit}</span>
            {busy ? <span className="light-auth__spinner" aria-hidden="true" /> : null}
          </button>
          <p className="light-auth__footer">
            {signInText.newHere}{' '}
            <a className="light-auth__link" href={paths.signUp} onClick={follow}>
              {signInText.signUp}
            </a>
          </p>
        </form>
      </div>
    </main>
  );
}

/** MUI's outlined Alert: the error one is an alert, announced at once; the info one a status. */
function Notice({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  return (
    <div
      className={`light-auth__notice light-auth__notice--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      <svg className="light-auth__notice-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d={kind === 'error' ? ERROR_ICON : INFO_ICON} />
      </svg>
      <div className="light-auth__notice-text">{children}</div>
    </div>
  );
}

type FieldProps = {
  label: string;
  type: string;
  name: string;
  autoComplete: string;
  autoFocus?: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error?: string;
  /** Drawn inside the outline, after the input (the show/hide button). */
  end?: ReactNode;
};

/**
 * MUI's outlined text field in markup and looks: the label sits in the field and moves into a notch in the
 * outline once the field has focus or a value (light-sign-in.css), and the message below is tied to the input.
 */
function Field({ label, inputRef, error, end, onChange, ...input }: FieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  // A value keeps the label in the notch (an address the browser filled in is matched in the style sheet).
  const [filled, setFilled] = useState(false);
  const classes = ['light-field', filled && 'light-field--filled', error && 'light-field--error'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label className="outlined-field__label light-field__label" htmlFor={id}>
        {label}
        <span aria-hidden="true">{REQUIRED}</span>
      </label>
      <div className="light-field__control">
        <input
          {...input}
          id={id}
          ref={inputRef}
          onChange={(event) => {
            setFilled(event.target.value !== '');
            onChange(event);
          }}
          className="light-field__input"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
        />
        {end}
        <FieldOutline
          label={
            <>
              {label}
              {REQUIRED}
            </>
          }
          className="light-field__outline"
        />
      </div>
      {error ? (
        <p className="light-field__helper" id={helperId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** As components/password-field.tsx: a show/hide toggle that keeps the visible label. */
function PasswordField(props: Pick<FieldProps, 'inputRef' | 'onChange' | 'error'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      label={signInText.password}
      type={visible ? 'text' : 'password'}
      name="password"
      autoComplete="current-password"
      end={
        <button
          type="button"
          className="light-field__toggle"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d={visible ? VISIBILITY_OFF_ICON : VISIBILITY_ICON} />
          </svg>
        </button>
      }
    />
  );
}

/** MUI's required mark: a thin space and an asterisk, hidden from screen readers (the input is `required`). */
const REQUIRED = '\u2009*';

// The Material icons the app's screen shows (MUI Alert's own, VisibilityOutlined, VisibilityOffOutlined).
const ERROR_ICON =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';
const INFO_ICON =
  'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';
const VISIBILITY_ICON =
  'M12 6c3.79 0 7.17 2.13 8.82 5.5C19.17 14.87 15.79 17 12 17s-7.17-2.13-8.82-5.5C4.83 8.13 8.21 6 12 6m0-2C7 4 2.73 7.11 1 11.5 2.73 15.89 7 19 12 19s9.27-3.11 11-7.5C21.27 7.11 17 4 12 4m0 5c1.38 0 2.5 1.12 2.5 2.5S13.38 14 12 14s-2.5-1.12-2.5-2.5S10.62 9 12 9m0-2c-2.48 0-4.5 2.02-4.5 4.5S9.52 16 12 16s4.5-2.02 4.5-4.5S14.48 7 12 7';
const VISIBILITY_OFF_ICON =
  'M12 6c3.79 0 7.17 2.13 8.82 5.5-.59 1.22-1.42 2.27-2.41 3.12l1.41 1.41c1.39-1.23 2.49-2.77 3.18-4.53C21.27 7.11 17 4 12 4c-1.27 0-2.49.2-3.64.57l1.65 1.65C10.66 6.09 11.32 6 12 6m-1.07 1.14L13 9.21c.57.25 1.03.71 1.28 1.28l2.07 2.07c.08-.34.14-.7.14-1.07C16.5 9.01 14.48 7 12 7c-.37 0-.72.05-1.07.14M2.01 3.87l2.68 2.68C3.06 7.83 1.77 9.53 1 11.5 2.73 15.89 7 19 12 19c1.52 0 2.98-.29 4.32-.82l3.42 3.42 1.41-1.41L3.42 2.45zm7.5 7.5 2.61 2.61c-.04.01-.08.02-.12.02-1.38 0-2.5-1.12-2.5-2.5 0-.05.01-.08.01-.13m-3.4-3.4 1.75 1.75c-.23.55-.36 1.15-.36 1.78 0 2.48 2.02 4.5 4.5 4.5.63 0 1.23-.13 1.77-.36l.98.98c-.88.24-1.8.38-2.75.38-3.79 0-7.17-2.13-8.82-5.5.7-1.43 1.72-2.61 2.93-3.53';
