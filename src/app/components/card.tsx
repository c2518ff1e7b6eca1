import type { HTMLAttributes } from 'react';

/** A surface that groups one topic. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={`card ${className}`.trim()} {...props} />;
}
