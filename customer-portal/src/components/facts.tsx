type Fact = readonly [label: string, value: string];

/** A short label/value list, e.g. what a page received in its URL. */
export function Facts({ items, codeValues = false }: { items: readonly Fact[]; codeValues?: boolean }) {
  return (
    <dl className="facts">
      {items.map(([label, value], index) => (
        <div key={`${index}-${label}`} className="facts__row">
          <dt>{label}</dt>
          <dd className={codeValues ? 'facts__code' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
