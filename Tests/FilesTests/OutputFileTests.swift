import Foundation
import Testing
@testable import Files
