/**
 * One simulated charge point: a real OCPP-J client (ocpp-rpc, strict mode)
 * with one connector, 1.6J or 2.0.1. A vehicle plugs in and out as its duty
 * says; while plugged it draws the least of the charger's maximum, what the
 * vehicle still takes and the limit its charging profiles set now (as a real
 * charger composes them), and the register counts that energy. It reports
 * status, transactions and meter values every `meterSeconds`.
 */
import { RPCClient, type IHandlersOption } from "ocpp-rpc";

import {
  effectiveLimitW,
  fromOcpp16,
  fromOcpp201,
  type ChargingProfile,
} from "../../app/features/live-control/internals";

export type Protocol = "ocpp1.6" | "ocpp2.0.1";
export type SimVehicle = { tag: string; batteryKwh: number; socKwh: number; targetKwh: number; maxKw: number };

export class SimCharger {
  readonly client: RPCClient;
  private profiles: ChargingProfile[] = [];
  /** Charging profiles taken so far (a benchmark's count of what reached it). */
  profilesReceived = 0;
  private meterWh = Math.round(Math.random() * 1_000_000);
  private vehicle: SimVehicle | null = null;
  private tx: { ref: string; startedAt: number; seqNo: number } | null = null;
  powerW = 0;
  /** The firmware it reports at boot (an update installs another: sim-upkeep.ts). */
  firmware = "sim-1";

  constructor(
    url: string,
    readonly identity: string,
    password: string,
    readonly protocol: Protocol,
    readonly maxKw: number,
    /** Check every message against the schemas on this side too (the bench turns it off: the server checks). */
    strict = true,
  ) {
    this.client = new RPCClient({
      endpoint: url,
      identity,
      password,
      protocols: [protocol],
      strictMode: strict,
      reconnect: true,
      callTimeoutMs: 20_000,
      // ocpp-rpc's type declares every option as required; the library fills in its defaults.
    } as unknown as ConstructorParameters<typeof RPCClient>[0]);
    this.client.handle("SetChargingProfile", async ({ params }: IHandlersOption) => {
      const profile =
        this.protocol === "ocpp1.6" ? fromOcpp16(params!.csChargingProfiles) : fromOcpp201(params!.chargingProfile);
      this.profiles = [...this.profiles.filter((p) => p.id !== profile.id), profile];
      this.profilesReceived++;
      return { status: "Accepted" };
    });
    this.client.handle("ClearChargingProfile", async () => {
      this.profiles = [];
      return { status: "Accepted" };
    });
    this.client.handle("GetCompositeSchedule", async () => this.composite());
    for (const method of ["Reset", "ChangeAvailability", "TriggerMessage"])
      this.client.handle(method, async () => ({ status: "Accepted" }));
    this.client.handle("UnlockConnector", async () => ({
      status: this.protocol === "ocpp1.6" ? "Unlocked" : "Unlocked",
    }));
    for (const method of [
      "RemoteStartTransaction",
      "RequestStartTransaction",
      "RemoteStopTransaction",
      "RequestStopTransaction",
    ])
      this.client.handle(method, async () => ({ status: "Accepted" }));
  }

  get plugged(): boolean {
    return this.vehicle !== null;
  }

  /** The limit now (W) from the profiles received, or null. */
  limitW(at = Date.now()): number | null {
    return effectiveLimitW(this.profiles, at, this.tx ? { ref: this.tx.ref, startedAt: this.tx.startedAt } : null);
  }

  /** The limits it will keep to over the next day, from every profile it holds (as a charger composes them). */
  private composite() {
    const now = Date.now();
    const durationS = 86_400;
    const tx = this.tx ? { ref: this.tx.ref, startedAt: this.tx.startedAt } : null;
    const instants = new Set([now]);
    for (const profile of this.profiles) {
      const start = profile.kind === "Relative" ? tx?.startedAt : (profile.startsAt ?? undefined);
      if (start === undefined) continue;
      for (const t of [
        ...profile.periods.map((p) => start + p.startPeriod * 1000),
        start + (profile.durationS ?? Infinity) * 1000,
      ])
        if (t > now && t < now + durationS * 1000) instants.add(t);
    }
    const periods: { startPeriod: number; limit: number }[] = [];
    for (const t of [...instants].sort((a, b) => a - b)) {
      const limit = Math.floor(effectiveLimitW(this.profiles, t, tx) ?? this.maxKw * 1000);
      if (periods.at(-1)?.limit !== limit) periods.push({ startPeriod: Math.round((t - now) / 1000), limit });
    }
    const schedule = { chargingRateUnit: "W", chargingSchedulePeriod: periods };
    return this.protocol === "ocpp1.6"
      ? {
          status: "Accepted",
          connectorId: 1,
          scheduleStart: new Date(now).toISOString(),
          chargingSchedule: { ...schedule, duration: durationS },
        }
      : {
          status: "Accepted",
          schedule: { ...schedule, evseId: 1, duration: durationS, scheduleStart: new Date(now).toISOString() },
        };
  }

  /** Connects and boots; `plugged`: a vehicle is in (its connector reported occupied, not free). */
  async boot(plugged = false): Promise<void> {
    await this.client.connect();
    if (this.protocol === "ocpp1.6")
      await this.client.call("BootNotification", {
        chargePointVendor: "Electrify",
        chargePointModel: "Simulated AC",
        firmwareVersion: this.firmware,
      });
    else
      await this.client.call("BootNotification", {
        reason: "PowerUp",
        chargingStation: { vendorName: "Electrify", model: "Simulated AC", firmwareVersion: this.firmware },
      });
    await this.status(plugged ? (this.protocol === "ocpp1.6" ? "Charging" : "Occupied") : "Available");
  }

  private async status(status: "Available" | "Charging" | "SuspendedEV" | "Occupied") {
    const timestamp = new Date().toISOString();
    if (this.protocol === "ocpp1.6")
      await this.client.call("StatusNotification", { connectorId: 1, errorCode: "NoError", status, timestamp });
    else
      await this.client.call("StatusNotification", {
        timestamp,
        connectorStatus: status === "Available" ? "Available" : "Occupied",
        evseId: 1,
        connectorId: 1,
      });
  }

  private meterValue(at: number) {
    const sampled =
      this.protocol === "ocpp1.6"
        ? [
            { value: String(Math.round(this.meterWh)), measurand: "Energy.Active.Import.Register", unit: "Wh" },
            { value: String(Math.round(this.powerW)), measurand: "Power.Active.Import", unit: "W" },
            ...(this.vehicle
              ? [
                  {
                    value: String(Math.round((this.vehicle.socKwh / this.vehicle.batteryKwh) * 100)),
                    measurand: "SoC",
                    unit: "Percent",
                  },
                ]
              : []),
          ]
        : [
            {
              value: Math.round(this.meterWh),
              measurand: "Energy.Active.Import.Register",
              unitOfMeasure: { unit: "Wh" },
            },
            { value: Math.round(this.powerW), measurand: "Power.Active.Import", unitOfMeasure: { unit: "W" } },
            ...(this.vehicle
              ? [
                  {
                    value: Math.round((this.vehicle.socKwh / this.vehicle.batteryKwh) * 100),
                    measurand: "SoC",
                    unitOfMeasure: { unit: "Percent" },
                  },
                ]
              : []),
          ];
    return [{ timestamp: new Date(at).toISOString(), sampledValue: sampled }];
  }

  async plugIn(vehicle: SimVehicle): Promise<void> {
    this.vehicle = vehicle;
    const at = Date.now();
    await this.status(this.protocol === "ocpp1.6" ? "Charging" : "Occupied");
    if (this.protocol === "ocpp1.6") {
      const { transactionId } = (await this.client.call("StartTransaction", {
        connectorId: 1,
        idTag: vehicle.tag,
        meterStart: Math.round(this.meterWh),
        timestamp: new Date(at).toISOString(),
      })) as { transactionId: number };
      this.tx = { ref: String(transactionId), startedAt: at, seqNo: 0 };
    } else {
      this.tx = { ref: `${this.identity}-${at}`, startedAt: at, seqNo: 0 };
      await this.client.call("TransactionEvent", {
        eventType: "Started",
        timestamp: new Date(at).toISOString(),
        triggerReason: "CablePluggedIn",
        seqNo: this.tx.seqNo++,
        transactionInfo: { transactionId: this.tx.ref, chargingState: "Charging" },
        evse: { id: 1, connectorId: 1 },
        idToken: { idToken: vehicle.tag, type: "ISO14443" },
        meterValue: this.meterValue(at),
      });
    }
  }

  async unplug(): Promise<void> {
    if (!this.vehicle || !this.tx) return;
    await this.endTransaction("EVDisconnected");
    this.vehicle = null;
    await this.status("Available");
  }

  /** Ends the transaction (its TxProfile with it), the vehicle left in or not. */
  private async endTransaction(reason: "EVDisconnected" | "Reboot"): Promise<void> {
    if (!this.tx) return;
    const at = Date.now();
    this.powerW = 0;
    if (this.protocol === "ocpp1.6")
      await this.client.call("StopTransaction", {
        transactionId: Number(this.tx.ref),
        meterStop: Math.round(this.meterWh),
        timestamp: new Date(at).toISOString(),
        reason,
      });
    else
      await this.client.call("TransactionEvent", {
        eventType: "Ended",
        timestamp: new Date(at).toISOString(),
        triggerReason: reason === "Reboot" ? "ResetCommand" : "EVDeparted",
        seqNo: this.tx.seqNo++,
        transactionInfo: { transactionId: this.tx.ref, stoppedReason: reason },
        evse: { id: 1, connectorId: 1 },
        meterValue: this.meterValue(at),
      });
    this.tx = null;
    this.profiles = this.profiles.filter((p) => p.purpose !== "TxProfile");
  }

  /** What it draws at this instant (W): the least of its maximum, the vehicle's and its limit now, while the vehicle takes any. */
  drawingNowW(at = Date.now()): number {
    if (!this.vehicle || this.vehicle.targetKwh - this.vehicle.socKwh <= 1e-6) return 0;
    return Math.min(this.maxKw * 1000, this.vehicle.maxKw * 1000, this.limitW(at) ?? Infinity);
  }

  /** Charges for `seconds` at the power allowed now; answers the energy drawn (Wh). */
  charge(seconds: number, at = Date.now()): number {
    if (!this.vehicle) return (this.powerW = 0);
    const room = Math.max(0, this.vehicle.targetKwh - this.vehicle.socKwh);
    const allowed = Math.min(this.maxKw * 1000, this.vehicle.maxKw * 1000, this.limitW(at) ?? Infinity);
    this.powerW = room > 1e-6 ? Math.max(0, Math.min(allowed, (room * 3_600_000) / seconds)) : 0;
    const wh = (this.powerW * seconds) / 3600;
    this.vehicle.socKwh += wh / 1000;
    this.meterWh += wh;
    return wh;
  }

  async report(): Promise<void> {
    const at = Date.now();
    if (this.protocol === "ocpp1.6")
      await this.client.call("MeterValues", {
        connectorId: 1,
        ...(this.tx ? { transactionId: Number(this.tx.ref) } : {}),
        meterValue: this.meterValue(at),
      });
    else if (this.tx)
      await this.client.call("TransactionEvent", {
        eventType: "Updated",
        timestamp: new Date(at).toISOString(),
        triggerReason: "MeterValuePeriodic",
        seqNo: this.tx.seqNo++,
        transactionInfo: { transactionId: this.tx.ref, chargingState: this.powerW > 0 ? "Charging" : "SuspendedEV" },
        evse: { id: 1, connectorId: 1 },
        meterValue: this.meterValue(at),
      });
    else await this.client.call("MeterValues", { evseId: 1, meterValue: this.meterValue(at) });
  }

  /**
   * Restarts as a charger does after installing firmware: a new connection and a boot with the new version. A vehicle
   * still in had its transaction cut by the restart: it is ended (Reboot, its TxProfile with it) and charging starts
   * again as a new one, at the default profile until the controller gives it a share (never the old share, which the
   * server may have given to others meanwhile).
   */
  async reboot(firmware: string): Promise<void> {
    this.firmware = firmware;
    const vehicle = this.vehicle;
    await this.client.close({ code: 1012, reason: "Rebooting" });
    await this.boot(vehicle !== null);
    if (vehicle && this.tx) {
      await this.endTransaction("Reboot");
      await this.plugIn(vehicle);
    }
  }

  async close(): Promise<void> {
    await this.client.close({ code: 1000, force: true });
  }
}
