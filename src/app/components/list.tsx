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
  /** The chevron says "opens a screen or a sheet"; an act done on the spot (sign out) has none. */
  chevron?: boolean;
}

/** One row; with onClick it is a full-width button. Every row of a list has an icon, or none has. */
export function ListRow({ icon, label, value, onClick, tone = 'default', chevron = true }: ListRowProps) {
  const content = (
    <>
      {icon ? <span className="list-icon">{icon}</span> : null}
      <span className="list-label">{label}</span>
      {value ? <span className="list-value">{value}</span> : null}
      {onClick && chevron ? <ChevronIcon className="list-chevron" /> : null}
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
