import Foundation
import GamePackFormat

// The stored rows as the API shows them (the wire types live in GamePackFormat, shared with
// the publishing client; the rows are the server's own).

extension PackSummary {
    /// A stored pack as the API shows it.
    init(_ pack: StoredPack) {
        self.init(
            pack: pack.sha256, project: pack.project, version: pack.version, sequence: pack.sequence, size: pack.size,
            manifest: pack.manifestSHA256, key: pack.keyID, uploaded: pack.uploaded)
    }
}

extension ChannelHistoryEntry {
    /// A channel history entry as the API shows it: without the pointer and signature texts.
    init(_ entry: ChannelEntry) {
        self.init(
            sequence: entry.sequence, version: entry.version, pack: entry.pack, size: entry.size, manifest: entry.manifest,
            created: entry.created, expires: entry.expires, action: entry.action.rawValue, recorded: entry.recorded,
            rollout: (try? ChannelPointer.decode(Data(entry.pointer.utf8)))?.rollout)
    }
}

extension ProjectList {
    /// The projects of `heads`, which come sorted by project then channel (`MetadataStore.heads()`).
    init(heads: [ChannelEntry]) {
        var projects: [ProjectSummary] = []
        for head in heads {
            let channel = ProjectSummary.Channel(
                channel: head.channel, sequence: head.sequence, version: head.version, pack: head.pack,
                created: head.created, expires: head.expires)
            if projects.last?.project == head.project {
                projects[projects.count - 1].channels.append(channel)
            } else {
                projects.append(ProjectSummary(project: head.project, channels: [channel]))
            }
        }
        self.init(projects: projects)
    }
}
