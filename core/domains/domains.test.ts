import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domains } from "../../db/schema/access.ts";
import { useTestDatabase } from "../../tests/helpers/test-db.ts";
import { addDomains, insertApiKey } from "../api-keys/api-key-test-fixtures.ts";
import { keyScenario, keyServices } from "../api-keys/api-key-test-support.ts";
import {
  actorFor,
  auditRowsFor,
  countRows,
  expectAppError,
  missingId,
  type Scenario,
} from "../tenancy/tenancy-test-fixtures.ts";
import { addDomain } from "./add-domain.ts";
import { DOMAINS_PER_CLIENT_MAX } from "./domain-schemas.ts";
import { listDomains } from "./list-domains.ts";
import { removeDomain } from "./remove-domain.ts";

const database = useTestDatabase();
let s: Scenario;
let k: ReturnType<typeof keyServices>;

beforeAll(async () => {
  s = await keyScenario(database().db);
  k = keyServices(database().db);
});
afterAll(async () => {
  await k.services.apiKeys.close();
});

describe("domains", () => {
  it("adds a normalized domain (admin), lists it for viewers, audits, and removes it", async () => {
    const { db } = database();
    const admin = actorFor(s.adminA, s.clientA);
    const added = await addDomain(k.services, admin, {
      clientId: s.clientA.id,
      hostname: "https://Www.Bücher.de/shop",
    });
    expect(added.hostname).toBe("www.xn--bcher-kva.de");
    await addDomain(k.services, admin, { clientId: s.clientA.id, hostname: "*.bücher.de" });
    await addDomain(k.services, admin, { clientId: s.clientA.id, hostname: "localhost" });
    const listed = (await listDomains(k.services, actorFor(s.viewerA, s.clientA), { clientId: s.clientA.id }))
      .rows;
    expect(listed.map((d) => [d.hostname, d.wildcard])).toEqual([
      ["localhost", false],
      ["www.xn--bcher-kva.de", false],
      ["*.xn--bcher-kva.de", true],
    ]);
    expect(listed[0]!.createdByName).toBeTruthy();
    const searched = await listDomains(k.services, admin, { clientId: s.clientA.id, search: "BÜCHER" });
    expect(searched.rows.map((d) => d.hostname)).toEqual([]); // stored as punycode: search what is shown
    const found = await listDomains(k.services, admin, { clientId: s.clientA.id, search: "kva" });
    expect(found.rows.map((d) => d.hostname)).toEqual(["www.xn--bcher-kva.de", "*.xn--bcher-kva.de"]);
    const second = await listDomains(k.services, admin, { clientId: s.clientA.id, page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.rows.map((d) => d.hostname)).toEqual(["*.xn--bcher-kva.de"]);
    const [audit] = await auditRowsFor(db, "domain.add");
    expect(audit).toMatchObject({ effectiveClientId: s.clientA.id, after: { hostname: "localhost" } });

    await removeDomain(k.services, actorFor(s.adminA, s.clientA), {
      clientId: s.clientA.id,
      domainId: added.id,
    });
    expect(
      (await listDomains(k.services, admin, { clientId: s.clientA.id })).rows.map((d) => d.hostname),
    ).not.toContain("www.xn--bcher-kva.de");
    const [removal] = await auditRowsFor(db, "domain.remove");
    expect(removal).toMatchObject({ entityId: added.id, before: { hostname: "www.xn--bcher-kva.de" } });
  });

  it("says beside the field what is wrong with a host name, and refuses duplicates", async () => {
    const actor = actorFor(s.adminA, s.clientA);
    for (const [hostname, reason] of [
      ["example.nl:8080", "error.domains.port"],
      ["example.nl/path", "error.domains.path"],
      ["10.1.2.3", "error.domains.ip"],
      ["*.nl", "error.domains.wildcard"],
      ["not a host", "error.domains.invalid"],
      ["", "error.domains.invalid"],
    ] as const) {
      const error = await expectAppError(
        addDomain(k.services, actor, { clientId: s.clientA.id, hostname }),
        "invalid_input",
      );
      expect(error.fieldErrors.hostname, hostname).toBe(reason);
    }
    await addDomain(k.services, actor, { clientId: s.clientA.id, hostname: "dup.example.nl" });
    const error = await expectAppError(
      addDomain(k.services, actor, { clientId: s.clientA.id, hostname: "HTTPS://DUP.example.nl./" }),
      "conflict",
    );
    expect(error.fieldErrors.hostname).toBe("error.domains.duplicate");
    // Another client may register the same domain.
    await addDomain(k.services, actorFor(s.adminB, s.clientB), {
      clientId: s.clientB.id,
      hostname: "dup.example.nl",
    });
  });

  it("refuses editors, viewers, other clients and users without a client; another client's domain id is not found", async () => {
    const { db } = database();
    const [theirs] = await db
      .insert(domains)
      .values({ clientId: s.clientB.id, hostname: "theirs.example.com" })
      .returning({ id: domains.id });
    for (const actor of [
      actorFor(s.editorA, s.clientA),
      actorFor(s.viewerA, s.clientA),
      actorFor(s.adminB, s.clientB),
      { ...actorFor(s.adminB, s.clientB), effectiveClientId: s.clientA.id },
      actorFor(s.outsider),
    ]) {
      await expectAppError(
        addDomain(k.services, actor, { clientId: s.clientA.id, hostname: "x.example.nl" }),
        "forbidden",
      );
      await expectAppError(
        removeDomain(k.services, actor, { clientId: s.clientA.id, domainId: theirs!.id }),
        "forbidden",
      );
    }
    await expectAppError(
      listDomains(k.services, actorFor(s.adminB, s.clientB), { clientId: s.clientA.id }),
      "forbidden",
    );
    await expectAppError(
      removeDomain(k.services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        domainId: theirs!.id,
      }),
      "not_found",
      "domains.notFound",
    );
    await expectAppError(
      removeDomain(k.services, actorFor(s.adminA, s.clientA), {
        clientId: s.clientA.id,
        domainId: missingId(),
      }),
      "not_found",
    );
    expect(await countRows(db, domains, eq(domains.id, theirs!.id))).toBe(1);
  });

  it("updates the domains cached keys carry, at once", async () => {
    const { db } = database();
    const key = await insertApiKey(db, s.clientB.id, { kind: "publishable" });
    const before = await k.services.apiKeys.authenticate(key.key);
    expect(before.ok && before.principal.domains).not.toContain("new.example.org");
    const added = await addDomain(k.services, actorFor(s.adminB, s.clientB), {
      clientId: s.clientB.id,
      hostname: "new.example.org",
    });
    const after = await k.services.apiKeys.authenticate(key.key);
    expect(after.ok && after.principal.domains).toContain("new.example.org");
    await removeDomain(k.services, actorFor(s.adminB, s.clientB), {
      clientId: s.clientB.id,
      domainId: added.id,
    });
    const removed = await k.services.apiKeys.authenticate(key.key);
    expect(removed.ok && removed.principal.domains).not.toContain("new.example.org");
  });

  it("stops at the most domains a client may register", async () => {
    const { db } = database();
    const client = (await keyScenario(db)).clientA;
    await addDomains(
      db,
      client.id,
      Array.from({ length: DOMAINS_PER_CLIENT_MAX }, (_, i) => `d${i}.example.nl`),
    );
    await expectAppError(
      addDomain(k.services, actorFor(s.superAdmin), { clientId: client.id, hostname: "one-more.example.nl" }),
      "conflict",
      "domains.tooMany",
    );
  });
});
