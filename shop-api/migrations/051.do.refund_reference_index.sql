-- A card refund that fails at the provider after it was made is reported by the provider's id for
-- it (a webhook, src/payments/provider-refunds.ts flagFailedRefund): found by that id.
CREATE INDEX order_refunds_gateway_reference_idx ON order_refunds (gateway, gateway_reference) WHERE gateway_reference IS NOT NULL;
