import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A labelled text input. */
export function Field({ label, hint, className = '', ...props }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hintId} {...props} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface PasswordFieldProps extends Omit<FieldProps, 'type' | 'autoComplete' | 'onChange'> {
  /** The password the user has, or one being chosen: what the browser's password manager offers. */
  kind: 'current' | 'new';
  onValue: (value: string) => void;
}

/** A labelled password input. */
export function PasswordField({ kind, onValue, ...props }: PasswordFieldProps) {
  return (
    <Field
      type="password"
      autoComplete={`${kind}-password`}
      onChange={(event) => onValue(event.target.value)}
      {...props}
    />
  );
}
