// Brazilian national holidays from date-holidays (its "public" type: the days the law closes
// businesses nationwide; bank-only and optional days such as Carnaval are working days for us,
// docs/decisions/152). Loaded on first use: the library carries every country's rules.
import type { HolidaySet } from "./business-hours.ts";

const byYear = new Map<number, string[]>();

export async function nationalHolidays(years: readonly number[]): Promise<HolidaySet> {
  const missing = years.filter((year) => !byYear.has(year));
  if (missing.length > 0) {
    const { default: Holidays } = await import("date-holidays");
    const calendar = new Holidays("BR");
    for (const year of missing) {
      byYear.set(
        year,
        calendar
          .getHolidays(year)
          .filter((holiday) => holiday.type === "public")
          .map((holiday) => holiday.date.slice(0, 10)),
      );
    }
  }
  return new Set(years.flatMap((year) => byYear.get(year) ?? []));
}
