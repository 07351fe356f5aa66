type Values = Record<string, string | number>;

/**
 * A message's values with the ones that are themselves messages put into words: a value named `<name>Key` is a
 * message key whose text fills `{<name>}`. A refusal that names a field (`{label}不能指向内部网络`) sends the field's
 * label as a key, so each language says the label in its own words, not the server's zh one inside an English text.
 */
export function messageValues(values: Values | undefined, say: (key: string) => string): Values | undefined {
  if (!values) return values;
  const out: Values = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith('Key') && name.length > 3 && typeof value === 'string')
      out[name.slice(0, -3)] = say(value);
  }
  return out;
}
