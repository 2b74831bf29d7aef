/** How the product writes power and energy for people: kW and kWh to one decimal, the UK's way (1,234.5 kW). */
export const kw = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} kW`;
export const kwh = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} kWh`;
