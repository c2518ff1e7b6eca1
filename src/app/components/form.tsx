import type { FormHTMLAttributes, ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

/**
 * The one form layout: fields one under another on the spacing scale, the banner for an error that
 * belongs to no field, then the actions. Every form of the app uses it, so none is cramped.
 */
export function Form({ className = '', children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return (
    <form className={`form ${className}`.trim()} noValidate {...props}>
      {children}
    </form>
  );
}

/** The form's banner: shown only when there is something to say. */
export function FormError({ children }: { children: ReactNode }) {
  return children ? <ErrorAlert>{children}</ErrorAlert> : null;
}
