import { describe, expect, it } from "vitest";

import { StatementCachingDatabase } from "~/lib/db/database.server";

/** The SQLite database keeps its prepared statements (database.server.ts): the same answers as preparing each time. */
describe("SQLite's kept statements", () => {
  it("serves a query again from its kept statement, after a refused write and a change of the schema too", () => {
    const db = new StatementCachingDatabase(":memory:");
    db.exec("create table bays (id integer primary key, name text unique not null)");
    const insert = "insert into bays (name) values (?)";
    const select = "select * from bays order by id";
    expect(db.prepare(insert)).toBe(db.prepare(insert));
    db.prepare(insert).run("Bay 1");
    // A refused write leaves the kept statement usable.
    expect(() => db.prepare(insert).run("Bay 1")).toThrow(/UNIQUE/);
    db.prepare(insert).run("Bay 2");
    expect(db.prepare(select).all()).toEqual([
      { id: 1, name: "Bay 1" },
      { id: 2, name: "Bay 2" },
    ]);
    // SQLite prepares a kept statement again after the schema changes.
    db.exec("alter table bays add column kw real not null default 22");
    expect(db.prepare(select).all()).toEqual([
      { id: 1, name: "Bay 1", kw: 22 },
      { id: 2, name: "Bay 2", kw: 22 },
    ]);
    db.close();
  });

  it("keeps at most a thousand, letting the oldest go", () => {
    const db = new StatementCachingDatabase(":memory:");
    const first = db.prepare("select 0");
    for (let n = 1; n <= 999; n++) db.prepare(`select ${n}`);
    expect(db.prepare("select 0")).toBe(first);
    db.prepare("select 1000");
    // The oldest let go, and prepared anew when asked again; the next still kept.
    expect(db.prepare("select 0")).not.toBe(first);
    expect(db.prepare("select 0").all()).toEqual([{ 0: 0 }]);
    expect(db.prepare("select 2")).toBe(db.prepare("select 2"));
    db.close();
  });
});
