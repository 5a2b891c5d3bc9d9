-- Addresses are kept unique by their claim streams in the log; the read model only needs to find them fast. A unique
-- index here would refuse a set-based batch in which one user takes an address another gave up in the same batch.
DROP INDEX user_accounts_email;
CREATE INDEX user_accounts_email ON user_accounts (lower(email));
CREATE INDEX user_accounts_active_admins ON user_accounts (role) WHERE user_active AND NOT is_deleted;
