import type { InputHTMLAttributes, ReactNode } from 'react';

interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: ReactNode;
}

/**
 * An on/off setting that takes effect at once: a native checkbox announced as a switch, drawn as a
 * track, on a row as tall as a finger needs (the whole row toggles it).
 */
export function Switch({ label, className = '', ...props }: SwitchProps) {
  return (
    <label className={`switch-row ${className}`.trim()}>
      <span className="switch-label">{label}</span>
      <input type="checkbox" role="switch" className="switch" {...props} />
    </label>
  );
}
