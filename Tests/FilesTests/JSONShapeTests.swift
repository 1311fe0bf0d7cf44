import Testing
@testable import Files

/// The shape check refuses what no setting can be, by its key path, and lets every real
/// settings document through (issue 37).
@Suite struct JSONShapeTests {
    func refusal(_ text: String) -> JSONShape.Refusal? {
        do { try JSONShape.check(text); return nil } catch { return error }
    }

    @Test func realDocumentsPass() {
        #expect(refusal(#"{"version": 1, "window": [1280, 800], "settings": {"pushAlert": {"gap": {"response": 0.32}}}}"#) == nil)
        #expect(refusal("springlab-replay 1\n{\"settings\": {\"scene\": \"neck\"}}\n{\"t\": 0, \"e\": \"move\", \"x\": 1, \"y\": 2}\n") == nil)
        // A thousand values is the most a list may hold; keys with brackets and commas in
        // strings are text, not structure.
        #expect(refusal("[" + Array(repeating: "1", count: 1000).joined(separator: ",") + "]") == nil)
        #expect(refusal(#"{"a,[{": "]}, [", "b": "\"[,,,]\""}"#) == nil)
    }

    @Test func aLongListIsRefusedByItsPath() {
        let text = #"{"pushAlert": {"gap": {"response": 0.4}, "junk": ["# + Array(repeating: "1", count: 1001).joined(separator: ",") + "]}}"
        let r = refusal(text)
        #expect(r?.message == "'pushAlert.junk' holds a list of more than 1000 values: not a setting")
        #expect(r?.line == 1)
    }

    @Test func depthMembersAndTextsAreBounded() {
        #expect(refusal(String(repeating: "[", count: 33))?.message == "the document nests more than 32 deep: not a setting")
        let members = "{" + (0...1000).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}"
        #expect(refusal(members)?.message == "the document holds more than 1000 keys: not a setting")
        let text = #"{"presence": {"title": ""# + String(repeating: "x", count: 16_385) + "\"}}"
        #expect(refusal(text)?.message == "'presence.title' holds a text of more than 16384 bytes: not a setting")
    }

    @Test func theRefusalNamesItsLine() {
        let replay = "springlab-replay 1\n{\"settings\": {}}\n{\"t\": 0, \"e\": \"key\", \"junk\": [" + Array(repeating: "0", count: 2000).joined(separator: ",") + "]}\n"
        #expect(refusal(replay)?.line == 3)
        #expect(refusal(replay)?.message == "'junk' holds a list of more than 1000 values: not a setting")
    }
}
