-- order_import_issues gains the column and the value a rejected row was kept out for
ALTER TABLE order_import_issues ADD COLUMN column_name VARCHAR;
ALTER TABLE order_import_issues ADD COLUMN value VARCHAR;
