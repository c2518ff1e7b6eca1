import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with this field's value: shown under it, in red, and announced with it. */
  error?: ReactNode;
  /** A control inside the input's end edge (the password's show/hide). */
  end?: ReactNode;
}

/**
 * A labelled text input. An error belongs to its field: red border, `aria-invalid`, and the message
 * under the input, tied to it by `aria-describedby`; the form's banner is for errors of no field.
 */
export function Field({ label, hint, error, end, className = '', ...props }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}${end ? ' has-end' : ''} ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...props} />
        {end}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'autoComplete' | 'onChange' | 'end'> {
  /** The password the user has, or one being chosen: what the browser's password manager offers. */
  kind: 'current' | 'new';
  onValue: (value: string) => void;
}

/** A labelled password input, with a button that shows what was typed. */
export function PasswordField({ kind, onValue, ...props }: PasswordFieldProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <Field
      type={shown ? 'text' : 'password'}
      autoComplete={`${kind}-password`}
      autoCapitalize="none"
      spellCheck={false}
      onChange={(event) => onValue(event.target.value)}
      end={
        <button
          type="button"
          className="icon-btn field-end"
          aria-pressed={shown}
          aria-label={t`Show what you typed`}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOffIcon width={20} height={20} /> : <EyeIcon width={20} height={20} />}
        </button>
      }
      {...props}
    />
  );
}

interface OneTimeCodeFieldProps extends Omit<FieldProps, 'inputMode' | 'autoComplete' | 'onChange'> {
  onValue: (value: string) => void;
}

/** A labelled input for a one-time code (a text message's, an authenticator app's): digits, autofilled. */
export function OneTimeCodeField({ onValue, ...props }: OneTimeCodeFieldProps) {
  return (
    <Field
      inputMode="numeric"
      autoComplete="one-time-code"
      onChange={(event) => onValue(event.target.value)}
      {...props}
    />
  );
}
