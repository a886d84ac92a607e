/** How every environment setting is read: `NAME=` in an env file means "not set", not "set to nothing". */
export const blankIsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
