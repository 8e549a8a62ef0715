import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMessageCatalog, type MessageCatalog } from "../i18n/message-catalog.ts";
import { escapeHtml, mailTemplates } from "./templates.ts";

let catalog: MessageCatalog;
beforeAll(async () => {
  catalog = await loadMessageCatalog(path.resolve(import.meta.dirname, "../../locales"));
});

const URL_WITH_QUERY = "https://reeltime.example/studio/user/confirm?token=abc.def&callbackURL=%2Fstudio";

describe("mailTemplates", () => {
  it("writes every e-mail in English and in Dutch, with different subjects", () => {
    const en = mailTemplates(catalog, "en");
    const nl = mailTemplates(catalog, "nl");
    const cases = [
      [
        en.verifyEmail({ name: "Ann", url: URL_WITH_QUERY }),
        nl.verifyEmail({ name: "Ann", url: URL_WITH_QUERY }),
      ],
      [
        en.resetPassword({ name: "Ann", url: URL_WITH_QUERY }),
        nl.resetPassword({ name: "Ann", url: URL_WITH_QUERY }),
      ],
      [
        en.invitation({ inviterName: "Bob", clientName: "Het Parool", role: "editor", url: URL_WITH_QUERY }),
        nl.invitation({ inviterName: "Bob", clientName: "Het Parool", role: "editor", url: URL_WITH_QUERY }),
      ],
      [
        en.emailChange({ name: "Ann", url: URL_WITH_QUERY, newEmail: "ann@new.example" }),
        nl.emailChange({ name: "Ann", url: URL_WITH_QUERY, newEmail: "ann@new.example" }),
      ],
      [en.passwordChanged({ name: "Ann" }), nl.passwordChanged({ name: "Ann" })],
    ] as const;
    expect(cases.map(([e, n]) => [e.subject, n.subject])).toEqual([
      ["Confirm your e-mail address for Reeltime", "Bevestig je e-mailadres voor Reeltime"],
      ["Reset your Reeltime password", "Stel een nieuw wachtwoord in voor Reeltime"],
      ["Bob invited you to Het Parool on Reeltime", "Bob heeft je uitgenodigd voor Het Parool op Reeltime"],
      ["Confirm your new e-mail address for Reeltime", "Bevestig je nieuwe e-mailadres voor Reeltime"],
      ["Your Reeltime password was changed", "Je Reeltime-wachtwoord is gewijzigd"],
    ]);
    for (const [e, n] of cases) {
      expect(e.text).toContain("Hello");
      expect(n.text).toContain("Hallo");
      expect(e.html).toContain('<html lang="en" dir="ltr">');
      expect(n.html).toContain('<html lang="nl" dir="ltr">');
      for (const mail of [e, n]) {
        expect(mail.html).toContain("Reeltime");
        expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
        expect(mail.text.trim()).not.toBe("");
      }
    }
  });

  it("puts the link in both parts: raw in the text, escaped in the HTML (button and visible address)", () => {
    const mail = mailTemplates(catalog, "en").verifyEmail({ name: "Ann", url: URL_WITH_QUERY });
    expect(mail.text).toContain(`\n${URL_WITH_QUERY}\n`);
    const escaped = URL_WITH_QUERY.replace("&", "&amp;");
    expect(mail.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.html).not.toContain(URL_WITH_QUERY);
    expect(mail.html).toContain(">Confirm e-mail address</a>");
    expect(mail.html).toContain("If the button does not work");
    // the footer says why they got it
    expect(mail.text).toContain("because someone signed up for Reeltime with this address");
    expect(mail.html).toContain("because someone signed up for Reeltime with this address");
  });

  it("escapes every interpolated value in the HTML", () => {
    const evil = `<script>alert("x")</script> & 'co'`;
    const en = mailTemplates(catalog, "en");
    const mails = [
      en.verifyEmail({ name: evil, url: URL_WITH_QUERY }),
      en.resetPassword({ name: evil, url: URL_WITH_QUERY }),
      en.invitation({ inviterName: evil, clientName: evil, role: "admin", url: URL_WITH_QUERY }),
      en.emailChange({ name: evil, url: URL_WITH_QUERY, newEmail: `${evil}@x.example` }),
      en.passwordChanged({ name: evil, resetUrl: URL_WITH_QUERY }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain(`"x"`);
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;");
      // the text part is plain text: the name as written
      expect(mail.text).toContain(evil);
    }
  });

  it("names the role in the invitation, in each language", () => {
    const params = { inviterName: "Bob", clientName: "Eye", url: URL_WITH_QUERY };
    expect(mailTemplates(catalog, "en").invitation({ ...params, role: "editor" }).text).toContain(
      "Bob has invited you to join Eye on Reeltime as an editor.",
    );
    expect(mailTemplates(catalog, "en").invitation({ ...params, role: "admin" }).text).toContain(
      "as an admin.",
    );
    expect(mailTemplates(catalog, "nl").invitation({ ...params, role: "viewer" }).text).toContain(
      "Bob heeft je uitgenodigd om als lezer toegang te krijgen tot Eye op Reeltime.",
    );
  });

  it("keeps user-supplied values on one line (no header injection through the subject)", () => {
    const mail = mailTemplates(catalog, "en").invitation({
      inviterName: "Eve\r\nBcc: victim@example.com",
      clientName: "Acme\n",
      role: "viewer",
      url: URL_WITH_QUERY,
    });
    expect(mail.subject).toBe("Eve Bcc: victim@example.com invited you to Acme on Reeltime");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("greets without a name when there is none", () => {
    expect(mailTemplates(catalog, "en").verifyEmail({ name: "  ", url: URL_WITH_QUERY }).text).toMatch(
      /^Hello,\n/,
    );
    expect(mailTemplates(catalog, "nl").verifyEmail({ name: "Ann", url: URL_WITH_QUERY }).text).toMatch(
      /^Hallo Ann,\n/,
    );
  });

  it("mentions the new address in the e-mail change mail and offers a reset link after a password change", () => {
    const change = mailTemplates(catalog, "nl").emailChange({
      name: "Ann",
      url: URL_WITH_QUERY,
      newEmail: "ann@new.example",
    });
    expect(change.text).toContain("ann@new.example");
    expect(change.html).toContain("ann@new.example");
    const changed = mailTemplates(catalog, "en").passwordChanged({ name: "Ann" });
    expect(changed.html).not.toContain("<a ");
    const withReset = mailTemplates(catalog, "en").passwordChanged({ name: "Ann", resetUrl: URL_WITH_QUERY });
    expect(withReset.text).toContain(`Reset your password:\n${URL_WITH_QUERY}`);
  });

  it("writes in the recipient's language when its catalogue is finished (French, German, Arabic right to left)", () => {
    const subjects = (["fr", "de", "ar"] as const).map((locale) => {
      const templates = mailTemplates(catalog, locale);
      expect(templates.locale).toBe(locale);
      const mail = templates.resetPassword({ name: "Ann", url: URL_WITH_QUERY });
      expect(mail.subject).toBe(catalog.messagesFor(locale)["mail.resetPassword.subject"]);
      expect(mail.html).toContain(`<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}">`);
      return mail.subject;
    });
    expect(subjects[0]).toBe("Réinitialisez votre mot de passe Reeltime");
    expect(new Set([...subjects, "Reset your Reeltime password"]).size).toBe(4);
  });

  it("falls back to English without a locale or for a catalogue that is not finished", () => {
    const unfinished: MessageCatalog = { ...catalog, offered: ["en", "nl"] };
    for (const [from, locale] of [
      [catalog, undefined],
      [unfinished, "fr"],
    ] as const) {
      const templates = mailTemplates(from, locale);
      expect(templates.locale).toBe("en");
      const mail = templates.resetPassword({ name: "Ann", url: URL_WITH_QUERY });
      expect(mail.subject).toBe("Reset your Reeltime password");
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
    }
  });

  it("refuses links that are not absolute http(s) addresses", () => {
    const en = mailTemplates(catalog, "en");
    expect(() => en.verifyEmail({ name: "Ann", url: "javascript:alert(1)" })).toThrow(TypeError);
    expect(() => en.verifyEmail({ name: "Ann", url: "/studio/user/confirm" })).toThrow(TypeError);
  });
});
