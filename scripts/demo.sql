-- The demo database reef opens after ./scripts/setup: small tables that show every kind of value,
-- and one table of a million rows.
PRAGMA journal_mode = WAL;
BEGIN;
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT,
  country TEXT,
  balance REAL,
  joined TEXT,
  avatar BLOB,
  bio TEXT
);
INSERT INTO customers (name, email, country, balance, joined, avatar, bio) VALUES
  ('Ada Lovelace', 'ada@example.com', 'UK', 1234.5, '2024-01-05', X'89504E470D0A1A0A0000000D49484452', 'Wrote the first program. ' || printf('%.200c', '.')),
  ('山田 太郎', 'taro@example.jp', 'JP', 88.25, '2024-02-11', NULL, '東京に住んでいます。'),
  ('Zoë Ørsted 😀', NULL, 'DK', NULL, '2024-03-01', X'00FF00FF', ''),
  ('Grace Hopper', 'grace@example.com', 'US', -12, '2024-04-20', NULL, NULL),
  ('Line' || char(10) || 'Break', 'tab' || char(9) || 'here@example.com', 'FR', 0, NULL, NULL, 'escape ' || char(27) || '[31m not red'),
  ('Ωmega Ünicode', 'omega@example.gr', 'GR', 3.14159, '2024-06-30', NULL, 'Καλημέρα');

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  price REAL NOT NULL CHECK (price >= 0),
  stock INTEGER NOT NULL DEFAULT 0
);
INSERT INTO products (name, price, stock) VALUES
  ('Keyboard', 49.9, 12), ('Mouse', 19.5, 40), ('Monitor 27"', 229, 3), ('Cable', 4.99, 500), ('茶碗', 12, 7);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL DEFAULT 1,
  placed TEXT NOT NULL,
  note TEXT
);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
INSERT INTO orders (customer_id, product_id, quantity, placed, note)
SELECT 1 + i % 6, 1 + i % 5, 1 + i % 4, date('2024-01-01', '+' || i || ' days'), CASE WHEN i % 7 = 0 THEN NULL ELSE 'order ' || i END
FROM n;

CREATE TABLE enrollments (
  student TEXT NOT NULL,
  course TEXT NOT NULL,
  grade INTEGER,
  PRIMARY KEY (student, course)
) WITHOUT ROWID;
INSERT INTO enrollments VALUES ('ada', 'math', 1), ('ada', 'poetry', 2), ('grace', 'math', 1), ('taro', 'kanji', NULL);

CREATE TABLE "odd ""quoted"" table" ("first column" TEXT, "ünïcode col" INTEGER, "select" TEXT);
INSERT INTO "odd ""quoted"" table" VALUES ('spaces and quotes', 1, 'keyword column'), (NULL, 2, '');

CREATE VIEW big_spenders AS
  SELECT c.name, sum(p.price * o.quantity) AS spent, count(*) AS orders
  FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id
  GROUP BY c.id ORDER BY spent DESC;

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  at REAL NOT NULL,
  kind TEXT NOT NULL,
  level INTEGER NOT NULL,
  payload TEXT
);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
INSERT INTO events (at, kind, level, payload)
SELECT 1700000000 + i * 0.5,
       CASE i % 5 WHEN 0 THEN 'login' WHEN 1 THEN 'view' WHEN 2 THEN 'click' WHEN 3 THEN 'purchase' ELSE 'logout' END,
       (i * 7919) % 10,
       CASE WHEN i % 13 = 0 THEN NULL ELSE 'event #' || i END
FROM n;
CREATE INDEX events_kind ON events(kind);
COMMIT;
