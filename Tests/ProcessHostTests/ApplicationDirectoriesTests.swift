import ProcessHost
import Testing

@Suite("ApplicationDirectories")
struct ApplicationDirectoriesTests {
    @Test("XDG defaults: ~/.local/share, ~/.local/state and ~/.cache")
    func xdgDefaults() {
        let directories = ApplicationDirectories.standard(for: "app", environment: ["HOME": "/home/ada"], convention: .xdg)
        #expect(directories == ApplicationDirectories(data: "/home/ada/.local/share/app", state: "/home/ada/.local/state/app", cache: "/home/ada/.cache/app"))
    }

    @Test("XDG_DATA_HOME, XDG_STATE_HOME and XDG_CACHE_HOME are followed")
    func xdgVariables() {
        let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c"]
        let directories = ApplicationDirectories.standard(for: "app", environment: environment, convention: .xdg)
        #expect(directories == ApplicationDirectories(data: "/d/app", state: "/s/app", cache: "/c/app"))
    }

    @Test("an empty or relative XDG variable is ignored, as the specification says")
    func relativeVariablesIgnored() {
        let environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "relative", "XDG_STATE_HOME": "", "XDG_CACHE_HOME": "./c"]
        let directories = ApplicationDirectories.standard(for: "app", environment: environment, convention: .xdg)
        #expect(directories == .standard(for: "app", environment: ["HOME": "/home/ada"], convention: .xdg))
    }

    @Test("Apple's layout: Application Support for data and state, Caches for the cache; XDG variables ignored")
    func appleLayout() {
        let environment = ["HOME": "/Users/ada", "XDG_DATA_HOME": "/d"]
        let directories = ApplicationDirectories.standard(for: "app", environment: environment, convention: .apple)
        #expect(directories.data == "/Users/ada/Library/Application Support/app")
        #expect(directories.state == "/Users/ada/Library/Application Support/app/State")
        #expect(directories.cache == "/Users/ada/Library/Caches/app")
    }

    @Test("one directory for all three (the --data-dir override)")
    func allInOne() {
        #expect(ApplicationDirectories(all: "/x") == ApplicationDirectories(data: "/x", state: "/x", cache: "/x"))
    }
}
