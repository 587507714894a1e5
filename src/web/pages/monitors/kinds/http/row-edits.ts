// Edits of a list of form rows keyed by a local id: the request headers and the assertions.

export function rowEdits<T extends { id: number }>(rows: readonly T[], onChange: (rows: T[]) => void) {
  return {
    update: (id: number, patch: Partial<T>) =>
      onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row))),
    /** Appends a row with an id no other row has. */
    add: (fields: Omit<T, 'id'>) =>
      onChange([...rows, { ...fields, id: Math.max(0, ...rows.map((row) => row.id + 1)) } as T]),
    remove: (id: number) => onChange(rows.filter((row) => row.id !== id)),
  };
}
