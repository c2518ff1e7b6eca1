import type { ComponentProps } from 'react';

/** A surface that groups one topic. */
export function Card({ className = '', ...props }: ComponentProps<'section'>) {
  return <section className={`card ${className}`.trim()} {...props} />;
}
