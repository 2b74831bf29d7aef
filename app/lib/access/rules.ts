/**
 * The policy's rules as data (decision 056): for each action, what it is about, which relation each role needs, whether
 * the consultancy's admins and which API key scope may, and how it reads in the activity log. `npm run access:table`
 * prints them into docs/access-policy.md; policy.ts answers from them.
 */
import type { CompanyRole } from "~/lib/company-roles";

import type { Action, Cell, Rule } from "./terms";

export type { Action } from "./terms";

const all = (cell: Cell): Partial<Record<CompanyRole, Cell>> => ({
  owner: cell,
  fleet_manager: cell,
  depot_manager: cell,
  viewer: cell,
});
const changers = (cell: Cell): Partial<Record<CompanyRole, Cell>> => ({
  owner: cell,
  fleet_manager: cell,
  depot_manager: cell,
});
const companyWide = (cell: Cell): Partial<Record<CompanyRole, Cell>> => ({ owner: cell, fleet_manager: cell });
const OWN: Cell = ["own"];

export const RULES: Record<Action, Rule> = {
  // A company and its team.
  "company.read": {
    on: "company",
    members: all(OWN),
    key: { scope: "fleet:read", relations: OWN },
    why: "Every member reads their company's pages; a key reads its company's depots.",
  },
  "company.details": {
    on: "company",
    members: { owner: OWN },
    seen: "company.read",
    logged: "Company details",
    why: "The company's name and contact are its owners'.",
  },
  "company.depots": {
    on: "company",
    members: companyWide(OWN),
    seen: "company.read",
    logged: "Depots",
    why: "Adding and removing depots is company-wide.",
  },
  "team.manage": {
    on: "company",
    members: { owner: OWN },
    seen: "company.read",
    why: "Invitations, roles, removals and ownership are the owners' (the team writes its own activity lines).",
  },
  "team.activity": {
    on: "company",
    members: { owner: OWN, viewer: OWN },
    seen: "company.read",
    why: "The activity log is for owners and for viewers (who audit).",
  },
  "team.keys": {
    on: "company",
    members: { owner: OWN },
    seen: "company.read",
    why: "Fleet API keys act for the whole company: owners only (the team writes its own activity lines).",
  },
  "member.own": {
    on: "membership",
    members: all(["self"]),
    why: "Each member's own place: their e-mails, leaving.",
  },
  "member.alerts": {
    on: "membership",
    members: changers(["self"]),
    why: "Which alerts each member is e-mailed: those who act on them (a viewer acts on none).",
  },
  "roadmap.change": {
    on: "company",
    members: companyWide(OWN),
    seen: "company.read",
    logged: "Portfolio and roadmap",
    why: "The transition plan spans every depot: company-wide roles.",
  },
  // A depot and what belongs to it.
  "depot.read": {
    on: "depot",
    members: all(OWN),
    key: { scope: "fleet:read", relations: OWN },
    why: "A depot's workspace, plans, trips and reports: its company (a depot manager: their depots).",
  },
  "depot.change": {
    on: "depot",
    members: changers(OWN),
    seen: "depot.read",
    logged: "Depot",
    why: "Plans, layouts, trips, scenarios and positions: anyone who may change (a depot manager: their depots).",
  },
  "depot.files": {
    on: "depot",
    members: all(OWN),
    admins: true,
    why: "Survey photos and connection quotes: the depot's company, and the admins who review them.",
  },
  "depot.review": {
    on: "depot",
    members: {},
    admins: true,
    logged: "Review",
    why: "Reviewing a submitted survey is the consultancy's.",
  },
  "operations.read": {
    on: "depot",
    members: all(OWN),
    admins: true,
    key: { scope: "fleet:read", relations: OWN },
    why: "Box Charge's page, its readiness board, alerts and statements: the company, and the admins who operate it.",
  },
  "operations.change": {
    on: "depot",
    members: changers(OWN),
    admins: true,
    seen: "operations.read",
    logged: "Operations",
    why: "Chargers, remote actions, vehicle tags and vehicles' needs: those who may change the depot, and the admins.",
  },
  "chargers.register": {
    on: "depot",
    members: changers(OWN),
    admins: true,
    key: { scope: "chargers:write", relations: OWN },
    seen: "operations.read",
    logged: "Operations",
    why: "Registering chargers, on the page or from the company's systems with a key: as Operations' changes.",
  },
  "operations.tell": {
    on: "depot",
    members: changers(OWN),
    admins: true,
    key: { scope: "fleet:write", relations: OWN },
    seen: "operations.read",
    logged: "Vehicle state",
    why: "Telling a vehicle's charge, departure or the site meter: by hand, or the company's systems with a key.",
  },
  "application.read": {
    on: "depot",
    members: all(OWN),
    admins: true,
    why: "A connection application: the depot's company, and the admins who follow every one.",
  },
  "application.change": {
    on: "depot",
    members: changers(OWN),
    admins: true,
    seen: "application.read",
    logged: "Connection application",
    why: "Its stages and quote: those who may change the depot, and the admins.",
  },
  // Hubs: as their operator, as a customer, as a visitor.
  "hub.offer": {
    on: "depot",
    members: { owner: OWN },
    seen: "depot.read",
    logged: "Hub offered",
    why: "Offering a depot to other companies is the owners'.",
  },
  "hub.read": {
    on: "hub",
    members: all(["own", "customer", "listed"]),
    admins: true,
    key: { scope: "fleet:read", relations: ["customer", "listed"] },
    why: "An open hub is listed for every company; its operator and its customers see it whatever its status.",
  },
  "hub.approve": {
    on: "hub",
    members: {},
    admins: true,
    seen: "hub.read",
    why: "The consultancy approves a hub before it opens.",
  },
  "hub.run": {
    on: "hub",
    members: changers(OWN),
    admins: true,
    seen: "hub.read",
    logged: "Hub",
    why: "Its prices, suspending, reopening and closing it: its operator (a depot manager of its depot), the admins.",
  },
  "hub.decide": {
    on: "hub-customer",
    members: changers(OWN),
    admins: true,
    seen: "contract.read",
    logged: "Hub decision",
    why: "Accepting or declining a contract, upholding or rejecting a dispute: the operator, the admins.",
  },
  "hub.request": {
    on: "hub",
    members: companyWide(["visitor"]),
    whileOpen: true,
    seen: "hub.read",
    logged: "Hub contract requested",
    refused: "Only an owner or a fleet manager of a company other than the hub's may ask it for a contract.",
    why: "A contract commits the whole company: company-wide roles, at an open hub of another company.",
  },
  "hub.visit": {
    on: "hub",
    members: companyWide(["visitor"]),
    key: { scope: "hubs:book", relations: ["visitor"] },
    whileOpen: true,
    seen: "hub.read",
    logged: "Hub single visit bought",
    refused: "Only an owner or a fleet manager of a company other than the hub's may buy a visit there.",
    why: "A single visit is bought at the list price for the company: company-wide roles.",
  },
  "hub.live": {
    on: "hub",
    members: all(["own", "customer"]),
    admins: true,
    whileOpen: true,
    seen: "hub.read",
    why: "Who is at the hub today, and its live stream: its operator and its customers (each their own vehicles).",
  },
  "contract.read": {
    on: "hub-customer",
    members: all(["own", "customer"]),
    admins: true,
    key: { scope: "fleet:read", relations: ["customer"] },
    why: "A contract, booking, statement or dispute: the customer's team, the hub's operator, the admins.",
  },
  "contract.withdraw": {
    on: "hub-customer",
    members: companyWide(["customer"]),
    seen: "contract.read",
    logged: "Hub contract withdrawn",
    why: "Withdrawing a request or ending a contract: the customer's company-wide roles.",
  },
  "contract.book": {
    on: "hub-customer",
    members: companyWide(["customer"]),
    key: { scope: "hubs:book", relations: ["customer"] },
    whileOpen: true,
    seen: "contract.read",
    logged: "Hub visit booked",
    why: "Booking a visit within a contract spends the company's money: company-wide roles.",
  },
  "booking.cancel": {
    on: "hub-customer",
    members: companyWide(["customer"]),
    key: { scope: "hubs:book", relations: ["customer"] },
    whileOpen: true,
    seen: "contract.read",
    logged: "Hub booking cancelled",
    why: "Cancelling a booking: the customer's company-wide roles, while the hub is open.",
  },
  "statement.dispute": {
    on: "hub-customer",
    members: companyWide(["customer"]),
    seen: "contract.read",
    logged: "Hub statement disputed",
    why: "Disputing a statement's line: the customer's company-wide roles.",
  },
  "tag.use": {
    on: "tag",
    members: all(OWN),
    key: { scope: "hubs:book", relations: OWN },
    why: "A vehicle tag is one company's: only its own company books a visit with it.",
  },
  // Who may charge (issue 59): a tag at a charger, answered to Authorize and the start of a transaction.
  "charge.start": {
    on: "charge",
    members: {},
    vehicles: ["own", "booked", "anyone"],
    why: "At a depot its company's vehicles charge; at a hub, a customer's vehicle booked there now too; any tag only where the site lets anyone charge (free vend).",
  },
  // The consultancy's console.
  "admin.console": {
    on: "consultancy",
    members: {},
    admins: true,
    why: "Users, grid data, reviews and every application: the consultancy's admins.",
  },
};
export const ACTIONS = Object.keys(RULES) as Action[];
