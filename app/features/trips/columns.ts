/**
 * The fields a trip export gives, and the column headers telematics
 * providers use for them. Recognising a header is a lookup on its letters
 * and digits only ("Distance [km]" → "distancekm"), so spacing, case and
 * brackets do not matter; a user maps whatever is left.
 */
export const TRIP_FIELDS = [
  "vehicle",
  "driver",
  "start",
  "end",
  "distance",
  "startLatitude",
  "startLongitude",
  "endLatitude",
  "endLongitude",
] as const;
export type TripField = (typeof TRIP_FIELDS)[number];

export const REQUIRED_FIELDS: readonly TripField[] = ["vehicle", "start", "end", "distance"];

export const FIELD_LABELS: Record<TripField, string> = {
  vehicle: "Vehicle",
  driver: "Driver",
  start: "Start time",
  end: "End time",
  distance: "Distance",
  startLatitude: "Start latitude",
  startLongitude: "Start longitude",
  endLatitude: "End latitude",
  endLongitude: "End longitude",
};

/** Headers seen in Geotab, Webfleet, Samsara, MiX, Microlise and tachograph-analysis exports, normalised. */
const ALIASES: Record<TripField, string[]> = {
  vehicle: [
    "vehicle",
    "vehiclename",
    "vehicleid",
    "vehiclereg",
    "vehicleregistration",
    "registration",
    "reg",
    "regno",
    "device",
    "devicename",
    "asset",
    "assetname",
    "assetid",
    "unit",
    "fleetnumber",
    "fleetno",
    "objectname",
  ],
  driver: ["driver", "drivername", "drivers", "drivername1", "employee"],
  start: [
    "start",
    "starttime",
    "startdatetime",
    "startdate",
    "tripstart",
    "tripstarttime",
    "departure",
    "departuretime",
    "journeystart",
    "fromtime",
    "begin",
  ],
  end: [
    "end",
    "endtime",
    "enddatetime",
    "enddate",
    "stop",
    "stoptime",
    "tripend",
    "tripendtime",
    "arrival",
    "arrivaltime",
    "journeyend",
    "totime",
    "finish",
  ],
  distance: [
    "distance",
    "distancekm",
    "distancemi",
    "distancemiles",
    "tripdistance",
    "tripdistancekm",
    "tripdistancemi",
    "journeydistance",
    "mileage",
    "km",
    "miles",
    "distancetravelled",
    "distancetravelledkm",
    "distancedriven",
  ],
  startLatitude: ["startlatitude", "startlat", "departurelatitude", "fromlatitude", "startpositionlatitude"],
  startLongitude: [
    "startlongitude",
    "startlon",
    "startlng",
    "startlong",
    "departurelongitude",
    "fromlongitude",
    "startpositionlongitude",
  ],
  endLatitude: [
    "endlatitude",
    "endlat",
    "stoplatitude",
    "stoplat",
    "arrivallatitude",
    "tolatitude",
    "endpositionlatitude",
  ],
  endLongitude: [
    "endlongitude",
    "endlon",
    "endlng",
    "endlong",
    "stoplongitude",
    "stoplon",
    "arrivallongitude",
    "tolongitude",
    "endpositionlongitude",
  ],
};

export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export type ColumnMapping = Partial<Record<TripField, number>>;

/** Each field's column, where a header names it (the first such column). */
export function recogniseColumns(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const normalised = headers.map(normaliseHeader);
  for (const field of TRIP_FIELDS) {
    const index = normalised.findIndex((h, i) => ALIASES[field].includes(h) && !Object.values(mapping).includes(i));
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}

/** Miles or kilometres, from the distance column's header ("Distance (mi)") where it says; otherwise unknown. */
export function distanceUnitFrom(header: string | undefined): "km" | "mi" | null {
  if (!header) return null;
  const h = normaliseHeader(header);
  if (/(mi|mile|miles)$/.test(h) || h === "mileage") return "mi";
  if (/km$/.test(h)) return "km";
  return null;
}
