import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

/**
 * A select among a fixed list of values, each shown by its label. With `none`, a first choice picks
 * none of them (null).
 */
export function ChoiceSelect<V extends string>({
  values,
  labels,
  value,
  onChange,
  none,
}: {
  values: readonly V[];
  labels: Record<V, MessageDescriptor>;
  value: V | null;
  onChange: (value: V | null) => void;
  none?: string;
}) {
  const { i18n } = useLingui();
  return (
    <select value={value ?? ''} onChange={(event) => onChange((event.target.value || null) as V | null)}>
      {none === undefined ? null : <option value="">{none}</option>}
      {values.map((choice) => (
        <option key={choice} value={choice}>
          {i18n._(labels[choice])}
        </option>
      ))}
    </select>
  );
}
