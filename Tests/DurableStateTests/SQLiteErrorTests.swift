import DurableState
import Foundation
import Testing

@Suite("SQLiteError")
@MainActor
struct SQLiteErrorTests {
    let directory = SQLiteTestDirectory()

    @Test func carriesTheResultCodesMessageAndSQLButNotTheArguments() throws {
        let db = try Database(path: directory.file("errors.sqlite"))
        try db.executeScript("CREATE TABLE account (email TEXT NOT NULL UNIQUE)")
        let canary = "canary-7f3a9c@example.invalid"
        let sql = "INSERT INTO account (email) VALUES (?)"
        try db.execute(sql, [canary])
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql, [canary]) }
        let thrown = try #require(error)
        #expect(thrown.resultCode == .constraint)
        #expect(thrown.extendedResultCode == .constraintUnique)
        #expect(thrown.sql == sql)
        guard case .sqlite(_, let message, _) = thrown else {
            Issue.record("expected an SQLite failure")
            return
        }
        #expect(message.contains("UNIQUE constraint failed"))
        let texts = [thrown.description, String(reflecting: thrown), "\(thrown)", thrown.localizedDescription]
        for text in texts {
            #expect(text.contains(sql))
            #expect(text.contains("2067"))
            #expect(!text.contains(canary))
        }
    }

    @Test func statementArgumentsDescribeOnlyTheirCount() {
        let arguments: StatementArguments = ["secret-argument", 42, nil]
        var dumped = ""
        dump(arguments, to: &dumped)
        for text in [arguments.description, String(reflecting: arguments), dumped] {
            #expect(!text.contains("secret-argument"))
        }
        #expect(arguments.description == "[3 arguments]")
    }

    @Test func syntaxErrorsReportTheGenericCode() throws {
        let db = try Database(path: directory.file("errors.sqlite"))
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELEC 1") }
        #expect(error?.resultCode == .error)
        #expect(error?.extendedResultCode?.isExtended == false)
        #expect(error?.description.contains("syntax error") == true)
    }

    @Test func resultCodesSplitIntoPrimaryAndExtended() {
        #expect(ResultCode.constraintUnique.primary == .constraint)
        #expect(ResultCode.constraintUnique.isExtended)
        #expect(!ResultCode.busy.isExtended)
        #expect(ResultCode.busy.description.contains("database is locked"))
    }

    @Test func describesWhatIsLeftBehind() {
        #expect(SQLiteError.unknownMigrations(identifiers: ["v9"]).description.contains("left unchanged"))
        #expect(SQLiteError.suspended(sql: nil).description.contains("nothing ran"))
        let failed = SQLiteError.migrationFailed(identifier: "v2", underlying: .closed(operation: "execute"))
        #expect(failed.description.contains("rolled back"))
    }
}
