import { describe, expect, it } from "vitest";

import { serialPerKey } from "./upkeep";

const log = { warn: () => undefined };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("serialPerKey", () => {
  it("runs one key's work one after another, and drops what is asked while the next is still waiting", async () => {
    const serial = serialPerKey<number>(log, "test");
    const ran: string[] = [];
    let release!: () => void;
    const running = new Promise<void>((r) => (release = r));
    serial(1, async () => {
      ran.push("first");
      await running;
    });
    await tick();
    // A hundred asks while the first runs: one waits, the rest are the same pass.
    for (let i = 0; i < 100; i++) serial(1, async () => void ran.push(`ask ${i}`));
    serial(2, async () => void ran.push("other key"));
    await tick();
    expect(ran).toEqual(["first", "other key"]);
    release();
    for (let i = 0; i < 5; i++) await tick();
    expect(ran).toEqual(["first", "other key", "ask 0"]);
    // Once it has begun, a new ask runs after it.
    serial(1, async () => void ran.push("later"));
    for (let i = 0; i < 5; i++) await tick();
    expect(ran.at(-1)).toBe("later");
  });

  it("goes on after a failure", async () => {
    const warned: unknown[] = [];
    const serial = serialPerKey<string>({ warn: (...a: unknown[]) => void warned.push(a) }, "test");
    const ran: string[] = [];
    serial("k", () => Promise.reject(new Error("boom")));
    await tick();
    serial("k", async () => void ran.push("next"));
    for (let i = 0; i < 5; i++) await tick();
    expect(warned).toHaveLength(1);
    expect(ran).toEqual(["next"]);
  });
});
