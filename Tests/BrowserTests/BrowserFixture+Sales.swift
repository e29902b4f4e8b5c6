import ORMCore

extension BrowserFixture {
    /// The fixture with a small `sales` table beside its own: regions (one NULL), years, amounts
    /// and quantities, for the frequency table's aggregates and the pivot table.
    static func withSales() throws -> BrowserFixture {
        let fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE sales (id INTEGER PRIMARY KEY, region TEXT, year INTEGER, amount REAL, qty INTEGER);
            INSERT INTO sales VALUES (1, 'north', 2023, 10.0, 1), (2, 'north', 2023, 20.0, 2), (3, 'north', 2024, 1500.5, 3),
              (4, 'south', 2023, 5.0, 4), (5, 'south', 2024, 7.0, 5), (6, NULL, 2024, 1.0, 6);
            """)
        return fixture
    }
}
