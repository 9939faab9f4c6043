/** A JSON value pretty-printed as it is (keys in the server's order), scrolling rather than cut off. */
export function JsonView({ value, maxHeight = 360 }: { value: unknown; maxHeight?: number }) {
  return (
    <pre
      style={{
        margin: 0,
        padding: 12,
        maxHeight,
        overflow: 'auto',
        background: 'rgba(0, 0, 0, 0.03)',
        borderRadius: 6,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {value === undefined ? 'null' : JSON.stringify(value, null, 2)}
    </pre>
  );
}
