/**
 * One message catalogue per screen area (i18n/messages/<area>.ts). English is the source; the German
 * catalogue must have exactly its keys: the type refuses a missing key, a unit test a stray one.
 */
export type Catalogue<K extends string> = { en: Record<K, string>; de: Record<K, string> }

export function defineMessages<const E extends Record<string, string>>(en: E, de: { [K in keyof E]: string }): Catalogue<keyof E & string> {
  return { en, de }
}
