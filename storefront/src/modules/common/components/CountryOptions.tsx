/** The country select's options (lib/countries.ts), after an empty first one that asks to choose. */
export function CountryOptions({ countries, choose }: { countries: ReadonlyArray<{ value: string; label: string }>; choose: string }) {
  return (
    <>
      <option value="">{choose}</option>
      {countries.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  )
}
