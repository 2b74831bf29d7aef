import sharp from "sharp";

import { DEPOT_STATUSES } from "~/features/depots";
import { insertDepots } from "~/features/depots/index.server";
import { createUser } from "~/features/users/index.server";
import type { Runtime } from "~/lib/runtime.server";

/**
 * Demo data for trying the admin console and measuring it at scale: hauliers
 * and depot submissions with photo records. Every name is made up and marked
 * as demo data; the generator is seeded, so two runs produce the same rows.
 */
export type SeedOptions = { depots: number; users?: number; seed?: number };

const TOWNS = [
  "Bristol",
  "Avonmouth",
  "Swindon",
  "Reading",
  "Birmingham",
  "Coventry",
  "Daventry",
  "Milton Keynes",
  "Northampton",
  "Leicester",
  "Nottingham",
  "Derby",
  "Crewe",
  "Warrington",
  "Doncaster",
  "Leeds",
  "Wakefield",
  "Peterborough",
  "Felixstowe",
  "Ipswich",
  "Thurrock",
  "Dartford",
  "Southampton",
  "Exeter",
  "Cardiff",
  "Newport",
  "Gloucester",
  "Worcester",
  "Telford",
  "Stoke-on-Trent",
];
const KINDS = [
  "Distribution Centre",
  "Depot",
  "Logistics Hub",
  "Cross-Dock",
  "Cold Store",
  "Trailer Park",
  "Fleet Yard",
];
const ROADS = [
  "Industrial Estate",
  "Trading Estate",
  "Business Park",
  "Commerce Way",
  "Freight Road",
  "Haulage Lane",
  "Enterprise Drive",
  "Dock Road",
];
const PHOTO_TYPES = ["proposed_charging_area", "electrical_panel", "point_of_connection", "cable_run_1"] as const;

function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

async function demoPhoto(index: number, width: number, height: number): Promise<Buffer> {
  const hue = (index * 70) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},45%,55%)"/><rect x="10%" y="55%" width="80%" height="30%" fill="hsl(${hue},30%,30%)"/><text x="50%" y="35%" font-size="${Math.round(height / 16)}" text-anchor="middle" fill="white" font-family="sans-serif">Demo photo: ${PHOTO_TYPES[index]?.replace(/_/g, " ")}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function seedDemo(
  deps: Pick<Runtime, "auth" | "database" | "storage">,
  options: SeedOptions,
): Promise<{ users: number; depots: number; photos: number }> {
  const random = generator(options.seed ?? 20261122);
  const userCount = Math.max(1, options.users ?? 25);
  const { db } = deps.database;

  const userIds: { id: string; email: string; name: string }[] = [];
  for (let i = 1; i <= userCount; i++) {
    const email = `haulier-${String(i).padStart(3, "0")}@demo.example`;
    const name = `Demo Haulier ${i}`;
    const existing = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
    const id = existing?.id ?? (await createUser(deps, { email, password: "demo-password", name })).id;
    userIds.push({ id, email, name });
  }

  const photoKeys = await Promise.all(
    PHOTO_TYPES.map(async (type, index) => {
      const storageKey = `demo/${type}.jpg`;
      const thumbnailKey = `demo/${type}-thumb.jpg`;
      const [image, thumbnail] = await Promise.all([demoPhoto(index, 1600, 1200), demoPhoto(index, 400, 300)]);
      await deps.storage.put(storageKey, image);
      await deps.storage.put(thumbnailKey, thumbnail);
      return { type, storageKey, thumbnailKey, bytes: image.byteLength };
    }),
  );

  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 60 * 60 * 1000;
  let depots = 0;
  let photos = 0;
  const BATCH = 500;
  for (let start = 0; start < options.depots; start += BATCH) {
    const size = Math.min(BATCH, options.depots - start);
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: size }, (_, offset) => {
        const owner = random.pick(userIds);
        const town = random.pick(TOWNS);
        const hasLocation = random.next() < 0.7;
        return {
          user_id: owner.id,
          contact_name: owner.name,
          contact_email: owner.email,
          contact_phone: random.next() < 0.6 ? `07700 9${String(random.int(0, 99999)).padStart(5, "0")}` : null,
          depot_name: `${town} ${random.pick(KINDS)} ${start + offset + 1}`,
          depot_address: `Unit ${random.int(1, 60)}, ${random.pick(ROADS)}, ${town}`,
          number_of_vehicles: random.next() < 0.9 ? random.int(2, 120) : null,
          additional_notes:
            random.next() < 0.4 ? "Demo data: night-time charging preferred; yard is busy 06:00–09:00." : null,
          location_latitude: hasLocation ? 50.5 + random.next() * 3.5 : null,
          location_longitude: hasLocation ? -4 + random.next() * 5 : null,
          location_address: hasLocation ? `${town}, United Kingdom` : null,
          cable_run_obstacles: null,
          status: random.pick(DEPOT_STATUSES),
          created_at: new Date(now - Math.floor(random.next() * twoYears)).toISOString(),
        };
      });
      const withPhotos = rows.map((depot) => ({
        depot,
        photos: photoKeys.slice(0, random.int(0, photoKeys.length)).map((photo) => ({
          image_type: photo.type,
          storage_key: photo.storageKey,
          thumbnail_key: photo.thumbnailKey,
          content_type: "image/jpeg",
          width: 1600,
          height: 1200,
          bytes: photo.bytes,
        })),
      }));
      depots += (await insertDepots(trx, withPhotos)).length;
      photos += withPhotos.reduce((sum, d) => sum + d.photos.length, 0);
    });
  }
  return { users: userIds.length, depots, photos };
}
