// Balances: manual adjustment with a reason, the low-balance threshold, the balances list and the
// platform ledger listing — with their refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditTransactions } from "../../db/schema/credits.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  createScenario,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { adjustBalance } from "./adjust-balance.ts";
import { listCreditBalances } from "./list-credit-balances.ts";
import { listCreditLedger } from "./list-credit-ledger.ts";
import { setLowBalanceThreshold } from "./set-low-balance-threshold.ts";
import { creditServices, ledgerSum, storedBalance } from "./credit-test-helpers.ts";

describe("credit balances", () => {
  const database = useTestDatabase();
  let services: ReturnType<typeof creditServices>;
  let s: Scenario;

  beforeAll(async () => {
    services = creditServices(database().db);
    s = await createScenario(database().db);
  });
  afterAll(async () => {
    await services.credits.meter.close();
  });

  it("adjusts a balance either way with a reason: an adjustment ledger row, the live balance follows", async () => {
    const { db } = database();
    const admin = actorFor(s.superAdmin);
    const up = await adjustBalance(services, admin, {
      clientId: s.clientA.id,
      delta: "1500",
      reason: "Goodwill",
    });
    expect(up.balance).toBe(1500);
    const down = await adjustBalance(services, admin, {
      clientId: s.clientA.id,
      delta: -200,
      reason: "Correction",
    });
    expect(down.balance).toBe(1300);
    expect(await storedBalance(db, s.clientA.id)).toBe(1300);
    expect(await ledgerSum(db, s.clientA.id)).toBe(1300);
    expect(await services.credits.meter.balance(s.clientA.id)).toBe(1300);
    const [audit] = await auditRowsFor(db, "credits.balance.adjust");
    expect(audit).toMatchObject({
      entityId: s.clientA.id,
      after: { balance: 1300, delta: -200, reason: "Correction" },
    });
  });

  it("refuses an adjustment of zero, without a reason, for an unknown client, or by a client admin", async () => {
    const { db } = database();
    const admin = actorFor(s.superAdmin);
    const rows = await countRows(db, creditTransactions);
    const zero = await expectAppError(
      adjustBalance(services, admin, { clientId: s.clientA.id, delta: 0, reason: "Nothing" }),
      "invalid_input",
    );
    expect(zero.fieldErrors.delta).toBe("studio.credits.validation.deltaZero");
    const noReason = await expectAppError(
      adjustBalance(services, admin, { clientId: s.clientA.id, delta: 5, reason: " " }),
      "invalid_input",
    );
    expect(noReason.fieldErrors.reason).toBe("studio.credits.validation.reasonRequired");
    await expectAppError(
      adjustBalance(services, admin, { clientId: s.clientA.id, delta: "1.5", reason: "Half" }),
      "invalid_input",
    );
    await expectAppError(
      adjustBalance(services, admin, { clientId: missingId(), delta: 5, reason: "Lost" }),
      "not_found",
    );
    await expectAppError(
      adjustBalance(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        delta: 5,
        reason: "Mine",
      }),
      "forbidden",
    );
    expect(await countRows(db, creditTransactions)).toBe(rows);
  });

  it("sets the threshold (also before any ledger row) and lists balances with the low flag", async () => {
    const admin = actorFor(s.superAdmin);
    await setLowBalanceThreshold(services, admin, { clientId: s.clientA.id, threshold: 2000 });
    await setLowBalanceThreshold(services, admin, { clientId: s.clientB.id, threshold: "0" });
    expect(await storedBalance(database().db, s.clientB.id)).toBe(0);
    const page = await listCreditBalances(services, admin, { search: s.clientA.name });
    expect(page.rows).toEqual([
      expect.objectContaining({ clientId: s.clientA.id, balance: 1300, threshold: 2000, low: true }),
    ]);
    const low = await listCreditBalances(services, admin, { level: "low", pageSize: 200 });
    expect(low.rows.map((r) => r.clientId)).toContain(s.clientA.id);
    // B: balance 0, threshold 0 → at the threshold, so low.
    expect(low.rows.map((r) => r.clientId)).toContain(s.clientB.id);
    const ok = await listCreditBalances(services, admin, { level: "ok", pageSize: 200 });
    expect(ok.rows.map((r) => r.clientId)).not.toContain(s.clientA.id);
    const sorted = await listCreditBalances(services, admin, { sort: "-balance", pageSize: 1 });
    expect(sorted.rows[0]!.clientId).toBe(s.clientA.id);
    await expectAppError(
      setLowBalanceThreshold(services, admin, { clientId: s.clientA.id, threshold: -1 }),
      "invalid_input",
    );
    await expectAppError(
      setLowBalanceThreshold(services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        threshold: 1,
      }),
      "forbidden",
    );
    await expectAppError(listCreditBalances(services, actorFor(s.adminA, s.clientA)), "forbidden");
  });

  it("lists the platform ledger by client, kind, period and search, with the sum of what matches", async () => {
    const admin = actorFor(s.superAdmin);
    await adjustBalance(services, admin, { clientId: s.clientB.id, delta: 40, reason: "Welcome bonus" });
    const forA = await listCreditLedger(services, admin, { clientId: s.clientA.id });
    expect(forA.total).toBe(2);
    expect(forA.sum).toBe(1300);
    expect(forA.rows[0]).toMatchObject({
      clientName: s.clientA.name,
      kind: "adjustment",
      actorName: s.superAdmin.name,
    });
    const searched = await listCreditLedger(services, admin, { search: "welcome" });
    expect(searched.rows.map((r) => r.delta)).toEqual([40]);
    expect((await listCreditLedger(services, admin, { kind: "refund" })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listCreditLedger(services, admin, { from: today, to: today })).total).toBe(3);
    expect((await listCreditLedger(services, admin, { to: "2000-01-01" })).total).toBe(0);
    expect((await listCreditLedger(services, admin, { sort: "delta" })).rows[0]!.delta).toBe(-200);
    await expectAppError(listCreditLedger(services, admin, { from: "yesterday" }), "invalid_input");
    await expectAppError(listCreditLedger(services, actorFor(s.adminA, s.clientA)), "forbidden");
  });
});
