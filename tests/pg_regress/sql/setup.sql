-- Runs first: install the extension into the regression database.
CREATE EXTENSION fpdb;
