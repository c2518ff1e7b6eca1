import { Fragment, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUDIT_REASON_MAX } from '#domain/ops/audit.ts';
import { ErrorAlert } from '#app/components/error-alert.tsx';
import { Field, OneTimeCodeField } from '#app/components/field.tsx';
import { LoadError } from '#app/components/load-error.tsx';
import { opsMessageOf } from '../lib/ops-error-messages.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** The building blocks every console page is made of, so that the pages look and behave alike. */

/** A console page: its title (also the document's), an optional line under it, and its content. */
export function ConsolePage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  useOpsTitle(title);
  const heading = <h1>{title}</h1>;
  return (
    <div className="ops-page">
      {actions !== undefined ? (
        <div className="ops-title-row">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </div>
  );
}

/** The line a page shows while its data is on its way. */
export function Loading() {
  return (
    <p aria-busy="true">
      <Trans>Loading…</Trans>
    </p>
  );
}

/** Why a page's data could not be read, with a way to try again; and, if asked, that it is loading. */
export function LoadState({
  query,
  showLoading = false,
}: {
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => Promise<unknown> };
  showLoading?: boolean;
}) {
  return (
    <>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} describe={opsMessageOf} />
      ) : null}
      {showLoading && query.isPending ? <Loading /> : null}
    </>
  );
}

/** One column of a `ConsoleTable`. */
export interface Column<Row> {
  head: ReactNode;
  /** A column of figures: aligned to the right, head and cells. */
  num?: boolean;
  /** The cells' class. */
  className?: string;
  /** The cell of a row; a table whose rows draw themselves (`renderRow`) leaves it out. */
  cell?: (row: Row, index: number) => ReactNode;
}

/**
 * A console table: nothing while the rows are not read (`rows` undefined), the `empty` line when there
 * are none, else the table, in a frame that scrolls sideways on a narrow screen.
 */
export function ConsoleTable<Row>({
  rows,
  columns,
  rowKey,
  rowData,
  renderRow,
  empty,
  testId,
  className,
}: {
  rows: readonly Row[] | undefined;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  /** `data-` attributes of a row's `tr`, that tests and styles find it by. */
  rowData?: (row: Row) => Record<`data-${string}`, string | number>;
  /** A row drawn by a component of its own, which renders the `tr`. */
  renderRow?: (row: Row, index: number) => ReactNode;
  empty?: ReactNode;
  testId?: string;
  className?: string;
}) {
  if (rows === undefined) return null;
  if (rows.length === 0) return empty ? <p className="ops-empty">{empty}</p> : null;
  const numClass = (column: Column<Row>) =>
    [column.num ? 'num' : '', column.className ?? ''].join(' ').trim() || undefined;
  return (
    <div className="ops-table-wrap">
      <table className={className ? `ops-table ${className}` : 'ops-table'} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.num ? 'num' : undefined}>
                {column.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) =>
            renderRow ? (
              <Fragment key={rowKey(row)}>{renderRow(row, index)}</Fragment>
            ) : (
              <tr key={rowKey(row)} {...rowData?.(row)}>
                {columns.map((column, at) => (
                  <td key={at} className={numClass(column)}>
                    {column.cell?.(row, index)}
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A labelled control: the label's words above the input, select or text area it holds. */
export function Labelled({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** One figure of a `dl className="ops-figures"`: its name and value. */
export function Figure({
  label,
  children,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="ops-figure" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A narrow page out of the console's frame: signing in and setting up an account. */
export function NarrowPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="ops-narrow">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** The field for the code an authenticator app shows now (6 digits, a space allowed in the middle). */
export function AuthenticatorCodeField({
  value,
  onValue,
  hint,
}: {
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
}) {
  return (
    <OneTimeCodeField
      label={<Trans>Code from your authenticator app</Trans>}
      hint={hint}
      // The browser checks this before the server sees the code: an Arabic keyboard's ١٢٣٤٥٦, a
      // Persian one's and full-width digits are the same code (normaliseTotpCode reads them).
      pattern="[0-9\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19\s]{6,7}"
      maxLength={7}
      value={value}
      onValue={onValue}
      required
    />
  );
}

/** A labelled select or text area, laid out as a `Field` is (`id` is the control's). */
export function ControlField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The reason an operator types for an action (as long as the server takes): the audit log keeps it. */
export function ReasonField({
  label,
  value,
  onValue,
  required,
}: {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  required: boolean;
}) {
  return (
    <Labelled className="ops-field" label={label}>
      <textarea
        value={value}
        onChange={(event) => onValue(event.target.value)}
        maxLength={AUDIT_REASON_MAX}
        rows={2}
        required={required}
      />
    </Labelled>
  );
}

/** The optional reason a form's change is saved with, on one line: the audit log keeps it. */
export function AuditReasonInput({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  return (
    <Field
      label={<Trans>Reason (kept in the audit log)</Trans>}
      value={value}
      maxLength={AUDIT_REASON_MAX}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}

/** Why an operator's action failed, in the console's words. */
export function ActionError({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <ErrorAlert>
      <p>{i18n._(opsMessageOf(error))}</p>
    </ErrorAlert>
  );
}
