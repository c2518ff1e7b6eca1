import type { ReactNode } from 'react';
import { ChevronIcon } from './icons.tsx';

/** A grouped list of rows, as in a phone's settings. */
export function List({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="list" aria-label={label}>
      {children}
    </ul>
  );
}

interface ListRowProps {
  icon?: ReactNode;
  label: ReactNode;
  /** Secondary text at the row's end (e.g. the current language). */
  value?: ReactNode;
  onClick?: () => void;
  tone?: 'default' | 'danger';
}

/** One row; with onClick it is a full-width button. */
export function ListRow({ icon, label, value, onClick, tone = 'default' }: ListRowProps) {
  const content = (
    <>
      {icon ? <span className="list-icon">{icon}</span> : null}
      <span className="list-label">{label}</span>
      {value ? <span className="list-value">{value}</span> : null}
      {onClick ? <ChevronIcon className="list-chevron" /> : null}
    </>
  );
  return (
    <li className={`list-row list-row-${tone}`}>
      {onClick ? (
        <button type="button" className="list-button" onClick={onClick}>
          {content}
        </button>
      ) : (
        <div className="list-static">{content}</div>
      )}
    </li>
  );
}
