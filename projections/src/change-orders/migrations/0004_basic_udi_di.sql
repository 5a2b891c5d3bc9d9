-- The family's Basic UDI-DI (eIFU): optional on the change order, '' when none (and for every change order
-- recorded before it).
ALTER TABLE change_orders ADD COLUMN basic_udi_di text NOT NULL DEFAULT '';
