// Counting a call in the caller's usage (metered, buffered) and noting the key's last use.
import type { ApiOperationId } from "../../../core/api/operations.ts";
import type { ApiKeyPrincipal } from "../../../core/key-directory/key-directory-types.ts";
import type { AppServices } from "../../../core/services.ts";

export type CallUsage = {
  record(credits: number, error: boolean): void;
  /** A step before the call is settled (rate limit, cost, balance): if it fails, the call still counts. */
  counting<T>(step: Promise<T>): Promise<T>;
};

export function callUsage(
  services: AppServices,
  principal: ApiKeyPrincipal,
  operation: ApiOperationId,
): CallUsage {
  const now = services.now();
  const record = (credits: number, error: boolean) => {
    services.credits.meter.record({
      clientId: principal.clientId,
      apiKeyId: principal.keyId,
      operation,
      credits,
      error,
      at: now,
    });
    services.apiKeys.touch(principal.keyId, now);
  };
  return {
    record,
    async counting<T>(step: Promise<T>): Promise<T> {
      try {
        return await step;
      } catch (error) {
        record(0, true);
        throw error;
      }
    },
  };
}
