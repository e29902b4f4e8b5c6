import ORMCore
import ORMCoreBehaviour
import XCTest

/// ORMCore's shared behaviour (`ORMCoreBehaviour`) on PostgreSQL: each test on a fresh database
/// of the tests' server, opened with `Database(url:)`. `SQLiteBehaviourTests` runs the same behaviours on SQLite.
final class PostgresBehaviourTests: XCTestCase {
    private var behaviour: ORMCoreBehaviour {
        ORMCoreBehaviour(name: "PostgreSQL") { configuration in
            try Database(url: try self.makePostgresDatabase("behaviour"), configuration: configuration)
        }
    }

    func testEveryBehaviourIsListed() {
        XCTAssertEqual(Self.listed, ORMCoreBehaviour.all)
    }

    private static let listed = [
        "ModelsCommitFindAndRemove", "QueryBuilderFiltersSortsLimitsCountsAndSums", "OneLiveInstancePerRow",
        "RollbackRestoresObjectsAndRows", "EventsPerClassAndPerObject",
        "BatchedResultSetReadsItsFirstWindowAtOnceAndJumpsOneWindow", "DynamicTableEditsAreApplied",
        "KeysGivenByHandAreNotGeneratedAgain", "UpsertUpdatesTheClashingRow", "RawSQLIsToldAsTableChanges",
        "StagedEditsAreJudgedAsTheCommitWouldAndNeverWritten", "LongListsBindAsOneValue",
        "BuilderNamesOfColumnsWithCapitalsMeanThoseColumns", "AWhereNamesTheQuerysTablesInAnyCase",
        "ABatchedQueryTheDatabaseRefusesThrows", "AnEmptyListMatchesNothingAndItsNegationEverything",
        "NumbersAsTruthAndTextComparedWithNumbersGiveSQLitesAnswers",
        "ATextComparedWithABoolColumnIsReadAsATruthValue", "NumbersBesideConnectivesAndInListsGiveOneAnswer",
        "TheSumOfATextColumnIsRefusedOnBoth", "ADateComparedWithANumberComparesItsSeconds",
        "FetchWhereResolvesNamesAsTheBuilderDoes", "ATableFoundAtRunTimeReadsLiteralsByItsColumnTypes",
        "BoundValuesAreReadByTheColumnTheyAreComparedWith",
        "ExpressionsBesideATypedColumnGiveOneAnswerOrOneError",
        "SumsGiveOneValueTypeOnBoth",
        "GroupByKeysAreTheSameValuesOnBoth",
        "ALaterWindowThatFailsThrows",
        "AJoinFromABoolOrDateColumnToANumberComparesAsStored",
        "ADecimalColumnComparesAndSortsBySizeOnBoth",
    ]

    func testModelsCommitFindAndRemove() throws { try behaviour.testModelsCommitFindAndRemove() }
    func testQueryBuilderFiltersSortsLimitsCountsAndSums() throws { try behaviour.testQueryBuilderFiltersSortsLimitsCountsAndSums() }
    func testOneLiveInstancePerRow() throws { try behaviour.testOneLiveInstancePerRow() }
    func testRollbackRestoresObjectsAndRows() throws { try behaviour.testRollbackRestoresObjectsAndRows() }
    func testEventsPerClassAndPerObject() throws { try behaviour.testEventsPerClassAndPerObject() }
    func testBatchedResultSetReadsItsFirstWindowAtOnceAndJumpsOneWindow() throws {
        try behaviour.testBatchedResultSetReadsItsFirstWindowAtOnceAndJumpsOneWindow()
    }
    func testDynamicTableEditsAreApplied() throws { try behaviour.testDynamicTableEditsAreApplied() }
    func testKeysGivenByHandAreNotGeneratedAgain() throws { try behaviour.testKeysGivenByHandAreNotGeneratedAgain() }
    func testUpsertUpdatesTheClashingRow() throws { try behaviour.testUpsertUpdatesTheClashingRow() }
    func testRawSQLIsToldAsTableChanges() throws { try behaviour.testRawSQLIsToldAsTableChanges() }
    func testStagedEditsAreJudgedAsTheCommitWouldAndNeverWritten() throws {
        try behaviour.testStagedEditsAreJudgedAsTheCommitWouldAndNeverWritten()
    }
    func testLongListsBindAsOneValue() throws { try behaviour.testLongListsBindAsOneValue() }
    func testBuilderNamesOfColumnsWithCapitalsMeanThoseColumns() throws { try behaviour.testBuilderNamesOfColumnsWithCapitalsMeanThoseColumns() }
    func testAWhereNamesTheQuerysTablesInAnyCase() throws { try behaviour.testAWhereNamesTheQuerysTablesInAnyCase() }
    func testABatchedQueryTheDatabaseRefusesThrows() throws { try behaviour.testABatchedQueryTheDatabaseRefusesThrows() }
    func testAnEmptyListMatchesNothingAndItsNegationEverything() throws { try behaviour.testAnEmptyListMatchesNothingAndItsNegationEverything() }
    func testNumbersAsTruthAndTextComparedWithNumbersGiveSQLitesAnswers() throws {
        try behaviour.testNumbersAsTruthAndTextComparedWithNumbersGiveSQLitesAnswers()
    }
    func testATextComparedWithABoolColumnIsReadAsATruthValue() throws { try behaviour.testATextComparedWithABoolColumnIsReadAsATruthValue() }
    func testNumbersBesideConnectivesAndInListsGiveOneAnswer() throws { try behaviour.testNumbersBesideConnectivesAndInListsGiveOneAnswer() }
    func testTheSumOfATextColumnIsRefusedOnBoth() throws { try behaviour.testTheSumOfATextColumnIsRefusedOnBoth() }
    func testADateComparedWithANumberComparesItsSeconds() throws { try behaviour.testADateComparedWithANumberComparesItsSeconds() }
    func testFetchWhereResolvesNamesAsTheBuilderDoes() throws { try behaviour.testFetchWhereResolvesNamesAsTheBuilderDoes() }
    func testATableFoundAtRunTimeReadsLiteralsByItsColumnTypes() throws { try behaviour.testATableFoundAtRunTimeReadsLiteralsByItsColumnTypes() }
    func testBoundValuesAreReadByTheColumnTheyAreComparedWith() throws { try behaviour.testBoundValuesAreReadByTheColumnTheyAreComparedWith() }
    func testExpressionsBesideATypedColumnGiveOneAnswerOrOneError() throws { try behaviour.testExpressionsBesideATypedColumnGiveOneAnswerOrOneError() }
    func testSumsGiveOneValueTypeOnBoth() throws { try behaviour.testSumsGiveOneValueTypeOnBoth() }
    func testGroupByKeysAreTheSameValuesOnBoth() throws { try behaviour.testGroupByKeysAreTheSameValuesOnBoth() }
    func testALaterWindowThatFailsThrows() throws { try behaviour.testALaterWindowThatFailsThrows() }
    func testAJoinFromABoolOrDateColumnToANumberComparesAsStored() throws { try behaviour.testAJoinFromABoolOrDateColumnToANumberComparesAsStored() }
    func testADecimalColumnComparesAndSortsBySizeOnBoth() throws { try behaviour.testADecimalColumnComparesAndSortsBySizeOnBoth() }
}
