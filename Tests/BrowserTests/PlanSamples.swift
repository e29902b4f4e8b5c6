/// Plans PostgreSQL 15 gave for `EXPLAIN (FORMAT JSON)`, copied as the server sent them (the
/// compact ones cut into lines between fields), on tables `artist` (200 rows), `album` (1,000) and
/// `track` (20,000).
enum PlanSamples {
    /// `EXPLAIN (ANALYZE, FORMAT JSON) SELECT ar.name, count(*), sum(t.ms) FROM track t JOIN album al
    /// ON al.id = t.album_id JOIN artist ar ON ar.id = al.artist_id WHERE t.ms > 1000 GROUP BY ar.name
    /// ORDER BY 2 DESC`.
    static let analyzedJoin = #"""
[
  {
    "Plan": {
      "Node Type": "Sort",
      "Parallel Aware": false,
      "Async Capable": false,
      "Startup Cost": 646.16,
      "Total Cost": 646.66,
      "Plan Rows": 200,
      "Plan Width": 20,
      "Actual Startup Time": 53.595,
      "Actual Total Time": 53.611,
      "Actual Rows": 200,
      "Actual Loops": 1,
      "Sort Key": ["(count(*)) DESC"],
      "Sort Method": "quicksort",
      "Sort Space Used": 37,
      "Sort Space Type": "Memory",
      "Plans": [
        {
          "Node Type": "Aggregate",
          "Strategy": "Hashed",
          "Partial Mode": "Simple",
          "Parent Relationship": "Outer",
          "Parallel Aware": false,
          "Async Capable": false,
          "Startup Cost": 636.52,
          "Total Cost": 638.52,
          "Plan Rows": 200,
          "Plan Width": 20,
          "Actual Startup Time": 41.320,
          "Actual Total Time": 41.386,
          "Actual Rows": 200,
          "Actual Loops": 1,
          "Group Key": ["ar.name"],
          "Planned Partitions": 0,
          "HashAgg Batches": 1,
          "Peak Memory Usage": 64,
          "Disk Usage": 0,
          "Plans": [
            {
              "Node Type": "Hash Join",
              "Parent Relationship": "Outer",
              "Parallel Aware": false,
              "Async Capable": false,
              "Join Type": "Inner",
              "Startup Cost": 34.00,
              "Total Cost": 494.02,
              "Plan Rows": 19000,
              "Plan Width": 8,
              "Actual Startup Time": 0.500,
              "Actual Total Time": 29.738,
              "Actual Rows": 19000,
              "Actual Loops": 1,
              "Inner Unique": true,
              "Hash Cond": "(al.artist_id = ar.id)",
              "Plans": [
                {
                  "Node Type": "Hash Join",
                  "Parent Relationship": "Outer",
                  "Parallel Aware": false,
                  "Async Capable": false,
                  "Join Type": "Inner",
                  "Startup Cost": 28.50,
                  "Total Cost": 437.59,
                  "Plan Rows": 19000,
                  "Plan Width": 8,
                  "Actual Startup Time": 0.380,
                  "Actual Total Time": 26.798,
                  "Actual Rows": 19000,
                  "Actual Loops": 1,
                  "Inner Unique": true,
                  "Hash Cond": "(t.album_id = al.id)",
                  "Plans": [
                    {
                      "Node Type": "Seq Scan",
                      "Parent Relationship": "Outer",
                      "Parallel Aware": false,
                      "Async Capable": false,
                      "Relation Name": "track",
                      "Alias": "t",
                      "Startup Cost": 0.00,
                      "Total Cost": 359.00,
                      "Plan Rows": 19000,
                      "Plan Width": 8,
                      "Actual Startup Time": 0.110,
                      "Actual Total Time": 23.055,
                      "Actual Rows": 19000,
                      "Actual Loops": 1,
                      "Filter": "(ms > 1000)",
                      "Rows Removed by Filter": 1000
                    },
                    {
                      "Node Type": "Hash",
                      "Parent Relationship": "Inner",
                      "Parallel Aware": false,
                      "Async Capable": false,
                      "Startup Cost": 16.00,
                      "Total Cost": 16.00,
                      "Plan Rows": 1000,
                      "Plan Width": 8,
                      "Actual Startup Time": 0.251,
                      "Actual Total Time": 0.253,
                      "Actual Rows": 1000,
                      "Actual Loops": 1,
                      "Hash Buckets": 1024,
                      "Original Hash Buckets": 1024,
                      "Hash Batches": 1,
                      "Original Hash Batches": 1,
                      "Peak Memory Usage": 48,
                      "Plans": [
                        {
                          "Node Type": "Seq Scan",
                          "Parent Relationship": "Outer",
                          "Parallel Aware": false,
                          "Async Capable": false,
                          "Relation Name": "album",
                          "Alias": "al",
                          "Startup Cost": 0.00,
                          "Total Cost": 16.00,
                          "Plan Rows": 1000,
                          "Plan Width": 8,
                          "Actual Startup Time": 0.007,
                          "Actual Total Time": 0.113,
                          "Actual Rows": 1000,
                          "Actual Loops": 1
                        }
                      ]
                    }
                  ]
                },
                {
                  "Node Type": "Hash",
                  "Parent Relationship": "Inner",
                  "Parallel Aware": false,
                  "Async Capable": false,
                  "Startup Cost": 3.00,
                  "Total Cost": 3.00,
                  "Plan Rows": 200,
                  "Plan Width": 8,
                  "Actual Startup Time": 0.107,
                  "Actual Total Time": 0.108,
                  "Actual Rows": 200,
                  "Actual Loops": 1,
                  "Hash Buckets": 1024,
                  "Original Hash Buckets": 1024,
                  "Hash Batches": 1,
                  "Original Hash Batches": 1,
                  "Peak Memory Usage": 17,
                  "Plans": [
                    {
                      "Node Type": "Seq Scan",
                      "Parent Relationship": "Outer",
                      "Parallel Aware": false,
                      "Async Capable": false,
                      "Relation Name": "artist",
                      "Alias": "ar",
                      "Startup Cost": 0.00,
                      "Total Cost": 3.00,
                      "Plan Rows": 200,
                      "Plan Width": 8,
                      "Actual Startup Time": 0.019,
                      "Actual Total Time": 0.070,
                      "Actual Rows": 200,
                      "Actual Loops": 1
                    }
                  ]
                }
              ]
            }
          ]
        }
      ]
    },
    "Planning Time": 1.089,
    "Triggers": [
    ],
    "Execution Time": 53.789
  }
]
"""#

    /// The same statement's `EXPLAIN (FORMAT JSON)`: estimates only.
    static let estimatedJoin = #"""
[{"Plan": {"Node Type": "Sort", "Parallel Aware": false, "Async Capable": false, "Startup Cost": 646.16,
"Total Cost": 646.66, "Plan Rows": 200, "Plan Width": 20, "Sort Key": ["(count(*)) DESC"],
"Plans": [{"Node Type": "Aggregate", "Strategy": "Hashed", "Partial Mode": "Simple",
"Parent Relationship": "Outer", "Parallel Aware": false, "Async Capable": false, "Startup Cost": 636.52,
"Total Cost": 638.52, "Plan Rows": 200, "Plan Width": 20, "Group Key": ["ar.name"], "Planned Partitions": 0,
"Plans": [{"Node Type": "Hash Join", "Parent Relationship": "Outer", "Parallel Aware": false,
"Async Capable": false, "Join Type": "Inner", "Startup Cost": 34.0, "Total Cost": 494.02, "Plan Rows": 19000,
"Plan Width": 8, "Inner Unique": true, "Hash Cond": "(al.artist_id = ar.id)",
"Plans": [{"Node Type": "Hash Join", "Parent Relationship": "Outer", "Parallel Aware": false,
"Async Capable": false, "Join Type": "Inner", "Startup Cost": 28.5, "Total Cost": 437.59, "Plan Rows": 19000,
"Plan Width": 8, "Inner Unique": true, "Hash Cond": "(t.album_id = al.id)", "Plans": [{"Node Type": "Seq Scan",
"Parent Relationship": "Outer", "Parallel Aware": false, "Async Capable": false, "Relation Name": "track",
"Alias": "t", "Startup Cost": 0.0, "Total Cost": 359.0, "Plan Rows": 19000, "Plan Width": 8,
"Filter": "(ms > 1000)"}, {"Node Type": "Hash", "Parent Relationship": "Inner", "Parallel Aware": false,
"Async Capable": false, "Startup Cost": 16.0, "Total Cost": 16.0, "Plan Rows": 1000, "Plan Width": 8,
"Plans": [{"Node Type": "Seq Scan", "Parent Relationship": "Outer", "Parallel Aware": false,
"Async Capable": false, "Relation Name": "album", "Alias": "al", "Startup Cost": 0.0, "Total Cost": 16.0,
"Plan Rows": 1000, "Plan Width": 8}]}]}, {"Node Type": "Hash", "Parent Relationship": "Inner",
"Parallel Aware": false, "Async Capable": false, "Startup Cost": 3.0, "Total Cost": 3.0, "Plan Rows": 200,
"Plan Width": 8, "Plans": [{"Node Type": "Seq Scan", "Parent Relationship": "Outer", "Parallel Aware": false,
"Async Capable": false, "Relation Name": "artist", "Alias": "ar", "Startup Cost": 0.0, "Total Cost": 3.0,
"Plan Rows": 200, "Plan Width": 8}]}]}]}]}}]
"""#

    /// `EXPLAIN (ANALYZE, FORMAT JSON) SELECT t.id, al.title FROM album al JOIN track t ON t.id = al.id
    /// WHERE al.id < 4`, hash and merge joins off: an index scan run three times.
    static let analyzedNestedLoop = #"""
[{"Plan": {"Node Type": "Nested Loop", "Parallel Aware": false, "Async Capable": false, "Join Type": "Inner",
"Startup Cost": 0.56, "Total Cost": 33.24, "Plan Rows": 3, "Plan Width": 8, "Actual Startup Time": 0.032,
"Actual Total Time": 0.036, "Actual Rows": 3, "Actual Loops": 1, "Inner Unique": true,
"Plans": [{"Node Type": "Index Scan", "Parent Relationship": "Outer", "Parallel Aware": false,
"Async Capable": false, "Scan Direction": "Forward", "Index Name": "album_pkey", "Relation Name": "album",
"Alias": "al", "Startup Cost": 0.28, "Total Cost": 8.33, "Plan Rows": 3, "Plan Width": 8,
"Actual Startup Time": 0.007, "Actual Total Time": 0.008, "Actual Rows": 3, "Actual Loops": 1,
"Index Cond": "(id < 4)", "Rows Removed by Index Recheck": 0}, {"Node Type": "Index Only Scan",
"Parent Relationship": "Inner", "Parallel Aware": false, "Async Capable": false, "Scan Direction": "Forward",
"Index Name": "track_pkey", "Relation Name": "track", "Alias": "t", "Startup Cost": 0.29, "Total Cost": 8.3,
"Plan Rows": 1, "Plan Width": 4, "Actual Startup Time": 0.007, "Actual Total Time": 0.007, "Actual Rows": 1,
"Actual Loops": 3, "Index Cond": "(id = al.id)", "Rows Removed by Index Recheck": 0, "Heap Fetches": 3}]},
"Planning Time": 0.704, "Triggers": [], "Execution Time": 0.083}]
"""#
}
